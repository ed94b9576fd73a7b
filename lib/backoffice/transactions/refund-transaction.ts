// Refund from the Transaction page (SPEC §13): OWNER or ADMIN, full or
// partial, through the same createRefund the API uses (its conditional
// UPDATE and guarded ledger leg stop over-refunds and overdrafts).
import { staffActor } from "@/lib/audit/actor";
import { z } from "zod";
import { writeAudit } from "@/lib/audit/write-audit";
import type { Transaction } from "@/lib/generated/prisma/client";
import { createRefund } from "@/lib/transactions/create-refund";
import { getTransaction } from "@/lib/transactions/get-transaction";
import { auditActor } from "../audit-actor";
import { authorize } from "../authz";
import type { StaffUser } from "@/lib/auth/staff-user";
import { parseInput } from "@/lib/schema/parse-input";
import { parseMoneyInput } from "../parse-money-input";
import { environmentOf, ZEnvironment, ZReason } from "../schemas";

const ZRefundInput = z.object({
  transactionId: z.string().min(1).max(100),
  environment: ZEnvironment,
  /** In the currency's major units ("12.50"); empty refunds what is left. */
  amount: z.string().max(40).optional(),
  reason: ZReason,
});

export async function refundTransactionAsStaff({ actor, merchantId, input, ip = null }: { actor: StaffUser; merchantId: string; input: unknown; ip?: string | null }): Promise<Transaction> {
  await authorize({ actor, merchantId, permission: "transactions.manage", environment: environmentOf(input) });
  const data = parseInput(ZRefundInput, input);
  const sale = await getTransaction({ merchantId, environment: data.environment, id: data.transactionId });
  const amount = data.amount?.trim() ? parseMoneyInput(data.amount, sale.currency) : undefined;
  const refund = await createRefund({
    merchantId,
    environment: data.environment,
    saleId: sale.id,
    input: { amount: amount === undefined ? undefined : Number(amount) },
    actor: staffActor(actor, ip),
  });
  await writeAudit({
    ...auditActor(actor, ip),
    action: "transaction.refunded",
    merchantId,
    environment: data.environment,
    targetType: "transaction",
    targetId: sale.id,
    reason: data.reason || undefined,
    details: { refundId: refund.id, amount: Number(refund.amount), currency: refund.currency },
  });
  return refund;
}
