// Capture from the Transaction page (SPEC §17): OWNER or ADMIN, all of the
// authorization or part of it, through the same captureAuthorization the API
// uses (its checks, the provider's capture and the conditional move).
import { staffActor } from "@/lib/audit/actor";
import { z } from "zod";
import { writeAudit } from "@/lib/audit/write-audit";
import type { StaffUser } from "@/lib/auth/staff-user";
import type { Transaction } from "@/lib/generated/prisma/client";
import { parseInput } from "@/lib/schema/parse-input";
import { captureAuthorization } from "@/lib/transactions/capture-authorization";
import { getTransaction } from "@/lib/transactions/get-transaction";
import { auditActor } from "../audit-actor";
import { authorize } from "../authz";
import { parseMoneyInput } from "../parse-money-input";
import { environmentOf, ZEnvironment, ZReason } from "../schemas";

const ZCaptureInput = z.object({
  transactionId: z.string().min(1).max(100),
  environment: ZEnvironment,
  /** In the currency's major units ("12.50"); empty captures all of it. */
  amount: z.string().max(40).optional(),
  reason: ZReason,
});

export async function captureTransactionAsStaff({ actor, merchantId, input, ip = null }: { actor: StaffUser; merchantId: string; input: unknown; ip?: string | null }): Promise<Transaction> {
  await authorize({ actor, merchantId, permission: "transactions.manage", environment: environmentOf(input) });
  const data = parseInput(ZCaptureInput, input);
  const held = await getTransaction({ merchantId, environment: data.environment, id: data.transactionId });
  const amount = data.amount?.trim() ? parseMoneyInput(data.amount, held.currency) : undefined;
  const captured = await captureAuthorization({
    merchantId,
    environment: data.environment,
    id: held.id,
    input: { amount: amount === undefined ? undefined : Number(amount) },
    actor: staffActor(actor, ip),
  });
  await writeAudit({
    ...auditActor(actor, ip),
    action: "transaction.captured",
    merchantId,
    environment: data.environment,
    targetType: "transaction",
    targetId: captured.id,
    reason: data.reason || undefined,
    details: { amount: Number(captured.capturedAmount), authorized: Number(captured.amount), currency: captured.currency },
  });
  return captured;
}
