// The per-customer daily payout limit (SPEC §7): the limit of the customer's
// KYC level less what they were paid out today. "Today" is the UTC day, and
// every payout that may still move money counts — a held or in-flight payout
// uses the limit; only DECLINED and CANCELED ones give their amount back.
// Limits are minor units across currencies, like the thresholds beside them.
// GET /v1/customers/{buyerId} and the back office read it from here; a
// payout's own check is the same rule in SQL, under the customer's lock
// (sluice_payout_limit, migration guarded_debit_in_one_statement): change
// both together.
import { db, type Tx } from "@/lib/db";
import type { Environment, KycLevel } from "@/lib/generated/prisma/enums";

export interface PayoutLimit {
  daily: bigint;
  usedToday: bigint;
  /** Never below zero, even if the limit was lowered after payouts were made. */
  remaining: bigint;
}

export interface RemainingPayoutLimitOptions {
  merchantId: string;
  environment: Environment;
  buyerId: string;
  kycLevel: KycLevel;
  /** Run inside a caller's database transaction (e.g. a payout's risk check). */
  tx?: Tx;
  now?: Date;
}

export function startOfUtcDay(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

export async function remainingPayoutLimit({ merchantId, environment, buyerId, kycLevel, tx = db, now = new Date() }: RemainingPayoutLimitOptions): Promise<PayoutLimit> {
  const settings = await tx.merchantSettings.findUniqueOrThrow({
    where: { merchantId_environment: { merchantId, environment } },
    select: { dailyLimitBasic: true, dailyLimitEnhanced: true },
  });
  const daily = kycLevel === "enhanced" ? settings.dailyLimitEnhanced : settings.dailyLimitBasic;
  const used = await tx.transaction.aggregate({
    where: { merchantId, environment, buyerId, action: "PAYOUT", status: { notIn: ["DECLINED", "CANCELED"] }, createdAt: { gte: startOfUtcDay(now) } },
    _sum: { amount: true },
  });
  const usedToday = used._sum.amount ?? 0n;
  const remaining = daily - usedToday;
  return { daily, usedToday, remaining: remaining > 0n ? remaining : 0n };
}
