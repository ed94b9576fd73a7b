"use server";
import type { ActionState } from "@/lib/backoffice/action-state";
import { formObject } from "@/lib/schema/parse-input";
import { bulkApprovePayouts, type BulkApproveRowResult } from "@/lib/backoffice/payouts/bulk-approve-payouts";
import { runAction } from "@/app/backoffice/_server/run-action";
import { requireActionActor } from "@/app/backoffice/_server/session";

/** Approves each selected payout on its own; the per-row outcomes go back to the table. */
export async function bulkApproveAction(_prev: ActionState<BulkApproveRowResult[]>, formData: FormData): Promise<ActionState<BulkApproveRowResult[]>> {
  return runAction<BulkApproveRowResult[]>(formData, async () => {
    const { actor, ip } = await requireActionActor();
    const fields = formObject(formData);
    const input = { ...fields, selected: formData.getAll("selected").filter((v): v is string => typeof v === "string") };
    const results = await bulkApprovePayouts({ actor, merchantId: fields.merchantId ?? "", input, ip });
    const ok = results.filter((r) => r.ok).length;
    const failed = results.length - ok;
    const message = failed === 0 ? `${ok} payout${ok === 1 ? "" : "s"} approved.` : `${ok} of ${results.length} approved; ${failed} could not be — see the Result column.`;
    return { status: "success", message, data: results };
  });
}
