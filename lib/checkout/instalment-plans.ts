// Buy-now-pay-later plans offered on the checkout: the amount split into
// equal instalments of integer minor units, the remainder on the first one
// (paid today), so the instalments always add up to the amount exactly.
const PLAN_IDS = ["pay_in_3", "pay_in_4", "pay_in_6"] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export interface InstalmentPlan {
  id: PlanId;
  count: number;
  interval: "monthly" | "biweekly";
  first: bigint;
  each: bigint;
}

const PLANS: { id: PlanId; count: number; interval: InstalmentPlan["interval"] }[] = [
  { id: "pay_in_3", count: 3, interval: "monthly" },
  { id: "pay_in_4", count: 4, interval: "biweekly" },
  { id: "pay_in_6", count: 6, interval: "monthly" },
];

/** The plans an amount can be split into: every instalment at least one minor unit. */
export function instalmentPlans(amount: bigint): InstalmentPlan[] {
  return PLANS.filter((p) => amount >= BigInt(p.count)).map((p) => {
    const count = BigInt(p.count);
    const each = amount / count;
    return { ...p, each, first: each + (amount - each * count) };
  });
}

export function isPlanId(value: string): value is PlanId {
  return (PLAN_IDS as readonly string[]).includes(value);
}
