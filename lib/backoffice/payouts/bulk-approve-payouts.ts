// Bulk approve on Payout review (SPEC §13): each selected payout goes through
// the same approveTransaction as a single approval — its own permission
// check, its own stale-data condition, its own database transaction — so one
// payout that changed or that this person may not decide fails alone and is
// reported on its row, while the others proceed. The TOTP code is asked once
// for the batch.
import { z } from "zod";
import { approveTransaction } from "@/lib/approvals/approve-transaction";
import { decisionReason } from "@/lib/approvals/decision-reason";
import { holdRefusal, StaleDecisionError } from "@/lib/approvals/load-held-transaction";
import { AppError, invalid } from "@/lib/errors";
import type { Environment } from "@/lib/generated/prisma/enums";
import { logger } from "@/lib/log";
import { getTransaction } from "@/lib/transactions/get-transaction";
import { verifyApproverCode } from "../approvals/verify-approver-code";
import { authorize } from "../authz";
import type { StaffUser } from "@/lib/auth/staff-user";
import { formText } from "../form-text";
import { parseInput } from "@/lib/schema/parse-input";
import { environmentOf, ZEnvironment } from "../schemas";

/** Each selected row is `<transaction id>|<updatedAt the page showed>`. */
const ZSelection = z.string().max(200).regex(/^tx_[0-9A-Za-z]{10,40}\|\S+$/, "a selected payout is malformed; reload the page");

const ZBulkApproveInput = z.object({
  environment: ZEnvironment,
  selected: z.array(ZSelection).max(100, "selected: approve at most 100 payouts at once"),
  reason: formText("reason", 500).default(""),
  code: z.string().max(16).optional(),
});

export interface BulkApproveRowResult {
  transactionId: string;
  ok: boolean;
  message: string;
}

export async function bulkApprovePayouts({ actor, merchantId, input, ip = null }: { actor: StaffUser; merchantId: string; input: unknown; ip?: string | null }): Promise<BulkApproveRowResult[]> {
  await authorize({ actor, merchantId, permission: "approvals.decide", environment: environmentOf(input) });
  const data = parseInput(ZBulkApproveInput, input);
  if (data.selected.length === 0) throw invalid("Select at least one held payout", "selected");
  const reason = decisionReason(data.reason);
  await verifyApproverCode({ userId: actor.id, code: data.code, ip });

  const results: BulkApproveRowResult[] = [];
  for (const selection of new Set(data.selected)) {
    const [transactionId, seen] = selection.split("|") as [string, string];
    results.push(await approveOne({ actor, merchantId, environment: data.environment, transactionId, seenUpdatedAt: new Date(seen), reason, ip }));
  }
  return results;
}

async function approveOne(o: { actor: StaffUser; merchantId: string; environment: Environment; transactionId: string; seenUpdatedAt: Date; reason: string; ip: string | null }): Promise<BulkApproveRowResult> {
  const row = (ok: boolean, message: string) => ({ transactionId: o.transactionId, ok, message });
  try {
    if (Number.isNaN(o.seenUpdatedAt.getTime())) throw new StaleDecisionError();
    const t = await getTransaction({ merchantId: o.merchantId, environment: o.environment, id: o.transactionId });
    if (t.action !== "PAYOUT") throw invalid("This is not a payout");
    const refusal = holdRefusal(o.actor, t, o.seenUpdatedAt);
    if (refusal) throw refusal;
    const r = await approveTransaction({ actor: { userId: o.actor.id, ip: o.ip }, transactionId: t.id, reason: o.reason, seenUpdatedAt: o.seenUpdatedAt });
    return r.outcome === "approved" ? row(true, "Approved: on its way to the provider.") : row(true, `Approval recorded (${r.approvals} of ${r.requiredApprovals}); a second approver is needed.`);
  } catch (error) {
    if (error instanceof AppError && error.code !== "internal_error") return row(false, error.message);
    logger.error({ err: error, transactionId: o.transactionId }, "bulk approval of one payout failed");
    return row(false, "Could not be approved because of an unexpected error; nothing changed for it. Try again.");
  }
}
