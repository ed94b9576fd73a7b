// How many of a merchant's transactions wait for approval, split by who
// decides them (SPEC §7): the overview and the Approvals page say "N wait for
// you" and who decides the rest, so an owner is never told of a hold their
// own queue does not show. Two counts over the held rows, which the
// (merchantId, environment, status, …) index finds directly.
import { decidableHoldOrigins } from "@/lib/approvals/can-decide-hold";
import { db } from "@/lib/db";
import type { Environment } from "@/lib/generated/prisma/enums";
import type { HoldOrigin } from "@/lib/risk/hold-reason";
import { assertCan, type MerchantAccess } from "../authz";

export interface HeldCounts {
  /** Holds this person may decide. */
  yours: number;
  /** Holds someone else decides, by the kind of rule that held them. */
  others: { origin: HoldOrigin; count: number }[];
}

const ORIGINS: HoldOrigin[] = ["screening", "merchant_rule"];

export async function countHeldTransactions({ access, environment }: { access: MerchantAccess; environment: Environment }): Promise<HeldCounts> {
  assertCan(access, "approvals.decide");
  const merchantId = access.merchant.id;
  const counts = await Promise.all(ORIGINS.map((origin) => db.transaction.count({ where: { merchantId, environment, status: "WAIT_APPROVE", holdReason: { startsWith: `${origin}:` } } })));
  const mine = decidableHoldOrigins(access.actor, merchantId);
  let yours = 0;
  const others: HeldCounts["others"] = [];
  ORIGINS.forEach((origin, i) => {
    const count = counts[i] ?? 0;
    if (mine.includes(origin)) yours += count;
    else if (count > 0) others.push({ origin, count });
  });
  return { yours, others };
}
