// Who may decide a held transaction (SPEC §7, §13): platform OPERATORs decide
// screening holds; a merchant's ADMIN or OWNER decides holds that come from
// the merchant's own rules. Pure, so the back office can use it to show or
// hide the buttons; the domain functions check it again on every decision.
import { holdOrigin } from "@/lib/risk/hold-reason";
import type { StaffUser } from "@/lib/auth/staff-user";

export function canSeeMerchant(user: StaffUser, merchantId: string): boolean {
  return user.isOperator || user.memberships.some((m) => m.merchantId === merchantId);
}

export function canDecideHold(user: StaffUser, t: { merchantId: string; holdReason: string | null }): boolean {
  switch (holdOrigin(t.holdReason)) {
    case "screening":
      return user.isOperator;
    case "merchant_rule":
      return user.memberships.some((m) => m.merchantId === t.merchantId && (m.role === "ADMIN" || m.role === "OWNER"));
    case null:
      return false;
    default:
      return false;
  }
}
