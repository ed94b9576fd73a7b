// When a route applies (SPEC §21: "optionally conditioned on currency and
// amount"), spelled once for setting, listing and matching routes.
import type { PaymentRoute } from "@/lib/generated/prisma/client";

export interface RouteCondition {
  /** Empty: any currency. */
  currencies: string[];
  minAmount: bigint | null;
  maxAmount: bigint | null;
}

/** One canonical spelling per condition, so setting the same condition again replaces its route. */
export function conditionKey({ currencies, minAmount, maxAmount }: RouteCondition): string {
  return `${[...currencies].sort().join(",")}|${minAmount ?? ""}|${maxAmount ?? ""}`;
}

export function matches(route: RouteCondition, currency: string, amount: bigint): boolean {
  return (
    (route.currencies.length === 0 || route.currencies.includes(currency)) &&
    (route.minAmount === null || amount >= route.minAmount) &&
    (route.maxAmount === null || amount <= route.maxAmount)
  );
}

/**
 * The order routes are tried in: the most specific condition first — currency
 * and amount, then currency, then amount, then none — and, among equals, the
 * oldest. So "EUR → Adyen, Stripe" beside "anything → Stripe" sends euros to
 * Adyen whatever order the two were set in.
 */
export function bySpecificity(a: PaymentRoute, b: PaymentRoute): number {
  const rank = (r: PaymentRoute) => (r.currencies.length > 0 ? 2 : 0) + (r.minAmount !== null || r.maxAmount !== null ? 1 : 0);
  return rank(b) - rank(a) || a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1);
}
