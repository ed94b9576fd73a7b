// 'Payout limit exceeded' (SPEC §7), inside the transaction that creates the
// payout, right after the payout row is written and before its reserve.
// Race safety: two concurrent payouts of one customer must not both pass. A
// per-customer advisory lock, taken here and held until the creating
// transaction commits, serialises them; Read Committed gives the sum taken
// after the lock a fresh snapshot, so the second counts the first (and both
// count themselves). Chosen over SELECT … FOR UPDATE on the Customer row
// because it needs no row to exist and does not block unrelated writes to the
// customer (KYC, profile updates). Taken this late so the serialised part of
// the transaction is short: only this sum, the reserve and the commit.
import type { Tx } from "@/lib/db";
import { remainingPayoutLimit } from "@/lib/customers/remaining-payout-limit";
import { AppError } from "@/lib/errors";
import type { Transaction } from "@/lib/generated/prisma/client";

export async function enforcePayoutLimit({ tx, payout }: { tx: Tx; payout: Pick<Transaction, "merchantId" | "environment" | "buyerId" | "createdAt"> }): Promise<void> {
  const { merchantId, environment, buyerId } = payout;
  const lockKey = `payout-limit:${merchantId}:${environment}:${buyerId}`;
  // hashtextextended: a 64-bit key; a collision only serialises two unrelated customers, never breaks a limit.
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${lockKey}, 0))`;
  const customer = await tx.customer.findUnique({ where: { merchantId_environment_buyerId: { merchantId, environment, buyerId } }, select: { kycLevel: true } });
  const limit = await remainingPayoutLimit({ merchantId, environment, buyerId, kycLevel: customer?.kycLevel ?? "basic", now: payout.createdAt, tx });
  // usedToday includes this payout: it is already written in this transaction.
  if (limit.usedToday > limit.daily) throw new AppError("invalid_request", "Payout limit exceeded");
}
