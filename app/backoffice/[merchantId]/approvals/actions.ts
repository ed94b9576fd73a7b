"use server";
// The decision on a held transaction, posted from the Approvals queue (of a
// merchant or of the whole platform) and from the transaction page. The
// domain function checks the role, the merchant, the hold's rule, the
// updatedAt the form was rendered with and the approver's TOTP code.
import type { ActionState } from "@/lib/backoffice/action-state";
import { decideHold, type DecisionResult } from "@/lib/backoffice/approvals/decide-hold";
import { formObject } from "@/lib/schema/parse-input";
import { runAction } from "@/app/backoffice/_server/run-action";
import { requireActionActor } from "@/app/backoffice/_server/session";

export async function decideHoldAction(_prev: ActionState<DecisionResult>, formData: FormData): Promise<ActionState<DecisionResult>> {
  return runAction(formData, async () => {
    const { actor, ip } = await requireActionActor();
    const input = formObject(formData);
    const r = await decideHold({ actor, merchantId: input.merchantId ?? "", input, ip });
    switch (r.outcome) {
      case "approved":
        return { status: "success", message: "Approved. The transaction continues (a payout goes to the provider now).", data: r };
      case "awaiting_second_approval":
        return { status: "success", message: `Your approval is recorded: ${r.approvals} of ${r.requiredApprovals}. A different person must approve it too.`, data: r };
      case "rejected":
        return { status: "success", message: "Rejected. The transaction is declined (rejected_by_operator); a payout's reserve is back in the available balance.", data: r };
      default: {
        const unknown: never = r.outcome;
        throw new Error(`unknown decision outcome ${String(unknown)}`);
      }
    }
  });
}
