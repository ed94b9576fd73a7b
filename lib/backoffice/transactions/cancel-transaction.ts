// Cancel from the Transaction page: what the merchant may cancel through the
// API (a sale still awaiting its customer, an authorization not yet captured
// — its "Void" —, a payout held for approval), by an OWNER or ADMIN, through
// the same cancelByMerchant.
import { staffActor } from "@/lib/audit/actor";
import { z } from "zod";
import { writeAudit } from "@/lib/audit/write-audit";
import type { Transaction } from "@/lib/generated/prisma/client";
import { cancelByMerchant } from "@/lib/transactions/cancel-by-merchant";
import { auditActor } from "../audit-actor";
import { authorize } from "../authz";
import type { StaffUser } from "@/lib/auth/staff-user";
import { parseInput } from "@/lib/schema/parse-input";
import { environmentOf, ZEnvironment, ZReason } from "../schemas";

const ZCancelInput = z.object({ transactionId: z.string().min(1).max(100), environment: ZEnvironment, reason: ZReason });

export async function cancelTransactionAsStaff({ actor, merchantId, input, ip = null }: { actor: StaffUser; merchantId: string; input: unknown; ip?: string | null }): Promise<Transaction> {
  await authorize({ actor, merchantId, permission: "transactions.manage", environment: environmentOf(input) });
  const data = parseInput(ZCancelInput, input);
  const canceled = await cancelByMerchant({ merchantId, environment: data.environment, id: data.transactionId, actor: staffActor(actor, ip) });
  await writeAudit({ ...auditActor(actor, ip), action: canceled.action === "AUTHORIZE" ? "transaction.voided" : "transaction.canceled", merchantId, environment: data.environment, targetType: "transaction", targetId: canceled.id, reason: data.reason || undefined });
  return canceled;
}
