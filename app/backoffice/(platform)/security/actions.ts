"use server";
import { revalidatePath } from "next/cache";
import type { ActionState } from "@/lib/backoffice/action-state";
import { updateTwoFactorPolicy } from "@/lib/backoffice/platform/two-factor-policy";
import { formObject } from "@/lib/schema/parse-input";
import { runAction } from "@/app/backoffice/_server/run-action";
import { requireActionActor } from "@/app/backoffice/_server/session";

export async function updateTwoFactorPolicyAction(_prev: ActionState, formData: FormData): Promise<ActionState> {
  return runAction(formData, async () => {
    const { actor, ip } = await requireActionActor();
    const policy = await updateTwoFactorPolicy({ actor, input: formObject(formData), ip });
    revalidatePath("/backoffice/security");
    return {
      status: "success",
      message: policy.requiredForMerchantAdmins
        ? "Saved: owners and admins without two-factor authentication are taken to its set-up before they work in production."
        : "Saved: two-factor authentication is optional for owners and admins.",
    };
  });
}
