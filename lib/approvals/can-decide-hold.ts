// Who may decide a held transaction (SPEC §7, §13): platform OPERATORs decide
// screening holds; a merchant's ADMIN or OWNER decides holds that come from
// the merchant's own rules. Pure, so the back office can use it to show or
// hide the buttons; the domain functions check it again on every decision.
import { holdOrigin, type HoldOrigin } from "@/lib/risk/hold-reason";
import type { StaffUser } from "@/lib/auth/staff-user";

export function canSeeMerchant(user: StaffUser, merchantId: string): boolean {
  return user.isOperator || user.memberships.some((m) => m.merchantId === merchantId);
}

/** The kinds of hold of this merchant that this person decides. */
export function decidableHoldOrigins(user: StaffUser, merchantId: string): HoldOrigin[] {
  const origins: HoldOrigin[] = [];
  if (user.isOperator) origins.push("screening");
  if (user.memberships.some((m) => m.merchantId === merchantId && (m.role === "ADMIN" || m.role === "OWNER"))) origins.push("merchant_rule");
  return origins;
}

export function canDecideHold(user: StaffUser, t: { merchantId: string; holdReason: string | null }): boolean {
  const origin = holdOrigin(t.holdReason);
  return origin !== null && decidableHoldOrigins(user, t.merchantId).includes(origin);
}
