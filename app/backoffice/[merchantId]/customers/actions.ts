"use server";
// KYC decisions on a customer's page: operators only, checked by the domain
// functions (lib/backoffice/customers/*), never by the page alone. A decision
// removes its own form, so the page comes back with a notice instead.
import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import type { ActionState } from "@/lib/backoffice/action-state";
import { grantEnhancedLevel } from "@/lib/backoffice/customers/grant-enhanced-level";
import { reviewVerificationAsStaff } from "@/lib/backoffice/customers/review-verification";
import { formObject } from "@/lib/schema/parse-input";
import { runAction } from "@/app/backoffice/_server/run-action";
import { requireActionActor } from "@/app/backoffice/_server/session";

const page = (input: Record<string, string>) => `/backoffice/${input.merchantId}/customers/${input.customerId}`;

export async function reviewVerificationAction(_prev: ActionState, formData: FormData): Promise<ActionState> {
  return runAction(formData, async () => {
    const { actor, ip } = await requireActionActor();
    const input = formObject(formData);
    const r = await reviewVerificationAsStaff({ actor, merchantId: input.merchantId ?? "", input, ip });
    revalidatePath(page(input));
    redirect(`${page(input)}?notice=${r.status === "verified" ? "kyc-approved" : "kyc-rejected"}`);
  });
}

export async function grantEnhancedAction(_prev: ActionState, formData: FormData): Promise<ActionState> {
  return runAction(formData, async () => {
    const { actor, ip } = await requireActionActor();
    const input = formObject(formData);
    await grantEnhancedLevel({ actor, merchantId: input.merchantId ?? "", input, ip });
    revalidatePath(page(input));
    redirect(`${page(input)}?notice=kyc-enhanced`);
  });
}
