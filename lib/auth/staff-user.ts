// Who a back-office user is and what they may do, read from the database on
// every request (one type for the session, the server actions and the
// domain functions that check roles themselves).
//
// - StaffUser: the signed-in person as the database says now, not as the
//   session token remembers: a deactivated user or a removed membership takes
//   effect on the next request.
// - StaffActor: what a caller hands a domain function that acts for a staff
//   member: only the user's id (and address, for the audit log). The domain
//   function loads the roles itself (requireStaffUser), so a caller can never
//   hand in a role the user does not have.
import { db, type Tx } from "@/lib/db";
import { AppError } from "@/lib/errors";
import type { MemberRole } from "@/lib/generated/prisma/enums";
import { getTwoFactorPolicy } from "./two-factor-policy";

export interface StaffUser {
  id: string;
  email: string;
  name: string;
  isOperator: boolean;
  totpEnabled: boolean;
  /**
   * The platform requires two-factor authentication of merchant OWNERs and ADMINs in production,
   * and this person is one without it (lib/auth/two-factor-policy.ts): sandbox only until they enrol.
   */
  productionNeedsTotp: boolean;
  memberships: { merchantId: string; merchantName: string; role: MemberRole }[];
}

export interface StaffActor {
  userId: string;
  /** For the audit log. */
  ip?: string | null;
}

/**
 * The user, or null when they no longer exist or were deactivated. (A
 * lockout stops new sign-ins only; it does not end the sessions of the person
 * being guessed at, or anyone could sign a colleague out.)
 *
 * With `sessionVersion` (a session's), also null when that session was ended
 * since: signed out elsewhere, or the second factor changed (end-sessions.ts).
 */
export async function loadStaffUser(userId: string, sessionVersion?: number, tx: Tx = db): Promise<StaffUser | null> {
  const user = await tx.user.findUnique({
    where: { id: userId },
    select: {
      id: true,
      email: true,
      name: true,
      isActive: true,
      platformRole: true,
      totpEnabledAt: true,
      sessionVersion: true,
      memberships: { select: { merchantId: true, role: true, merchant: { select: { name: true } } }, orderBy: { createdAt: "asc" } },
    },
  });
  if (!user || !user.isActive) return null;
  if (sessionVersion !== undefined && sessionVersion !== user.sessionVersion) return null;
  // The policy is read only for the people it can apply to: everyone else pays no query for it.
  const adminWithoutTotp = user.totpEnabledAt === null && user.memberships.some((m) => m.role === "OWNER" || m.role === "ADMIN");
  const productionNeedsTotp = adminWithoutTotp && (await getTwoFactorPolicy(tx)).requiredForMerchantAdmins;
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    isOperator: user.platformRole === "OPERATOR",
    totpEnabled: user.totpEnabledAt !== null,
    productionNeedsTotp,
    memberships: user.memberships.map((m) => ({ merchantId: m.merchantId, merchantName: m.merchant.name, role: m.role })),
  };
}

/** The acting staff member, or a 403 when they no longer exist or were deactivated. */
export async function requireStaffUser(actor: StaffActor, tx: Tx = db): Promise<StaffUser> {
  const user = await loadStaffUser(actor.userId, undefined, tx);
  if (!user) throw new AppError("insufficient_permissions", "Unknown or deactivated user");
  return user;
}
