"use server";
// Transaction page actions: each domain function checks the role, the
// merchant and the environment itself (lib/backoffice/authz.ts); a
// transaction of another merchant is "not found". A refund or cancel changes
// the page under its form, so they come back to the page with a notice.
import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import type { ActionState } from "@/lib/backoffice/action-state";
import { formObject } from "@/lib/schema/parse-input";
import { runAction } from "@/app/backoffice/_server/run-action";
import { requireActionActor } from "@/app/backoffice/_server/session";
import { cancelTransactionAsStaff } from "@/lib/backoffice/transactions/cancel-transaction";
import { captureTransactionAsStaff } from "@/lib/backoffice/transactions/capture-transaction";
import { refundTransactionAsStaff } from "@/lib/backoffice/transactions/refund-transaction";
import { resendEventAsStaff } from "@/lib/backoffice/transactions/resend-webhook";

function target(formData: FormData) {
  const input = formObject(formData);
  return { input, merchantId: input.merchantId ?? "", page: `/backoffice/${input.merchantId}/transactions/${input.transactionId}` };
}

export async function refundAction(_prev: ActionState, formData: FormData): Promise<ActionState> {
  return runAction(formData, async () => {
    const { actor, ip } = await requireActionActor();
    const { input, merchantId, page } = target(formData);
    await refundTransactionAsStaff({ actor, merchantId, input, ip });
    revalidatePath(page);
    redirect(`${page}?notice=refunded`);
  });
}

export async function captureAction(_prev: ActionState, formData: FormData): Promise<ActionState> {
  return runAction(formData, async () => {
    const { actor, ip } = await requireActionActor();
    const { input, merchantId, page } = target(formData);
    await captureTransactionAsStaff({ actor, merchantId, input, ip });
    revalidatePath(page);
    redirect(`${page}?notice=captured`);
  });
}

export async function cancelAction(_prev: ActionState, formData: FormData): Promise<ActionState> {
  return runAction(formData, async () => {
    const { actor, ip } = await requireActionActor();
    const { input, merchantId, page } = target(formData);
    const canceled = await cancelTransactionAsStaff({ actor, merchantId, input, ip });
    revalidatePath(page);
    redirect(`${page}?notice=${canceled.action === "AUTHORIZE" ? "voided" : "canceled"}`);
  });
}

export async function resendAction(_prev: ActionState, formData: FormData): Promise<ActionState> {
  return runAction(formData, async () => {
    const { actor } = await requireActionActor();
    const { input, merchantId } = target(formData);
    await resendEventAsStaff({ actor, merchantId, input });
    return { status: "success", message: "Resend queued: the attempt appears in this list within seconds (reload to see it)." };
  });
}
