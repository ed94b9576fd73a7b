// Back-office authorisation (SPEC §13), in the domain layer: every page and
// every server action goes through authorize() on the server; hiding a button
// in the UI is never the guard. Two rules shape it:
// - who may do what is data (PERMISSIONS), so the table is reviewable at a glance;
// - a merchant the person cannot see answers "not found", never "forbidden",
//   so ids of other merchants' resources leak nothing.
import { db } from "@/lib/db";
import { AppError, notFound } from "@/lib/errors";
import type { Environment, MemberRole } from "@/lib/generated/prisma/enums";
import type { StaffUser } from "@/lib/auth/staff-user";

/** Merchant staff roles come from Membership; OPERATOR from User.platformRole. */
export type Role = MemberRole | "OPERATOR";

const PERMISSIONS = {
  /** Overview, transactions, customers: every member, and operators. */
  "merchant.view": ["OWNER", "ADMIN", "DEVELOPER", "VIEWER", "OPERATOR"],
  /** Approvals and payout review (OPERATOR: screening holds; ADMIN/OWNER: the merchant's own rules). */
  "approvals.decide": ["OWNER", "ADMIN", "OPERATOR"],
  "customers.verify": ["OPERATOR"],
  /** Refund a sale, cancel a transaction (SPEC §13 "Transaction": refund for OWNER/ADMIN). */
  "transactions.manage": ["OWNER", "ADMIN"],
  /** Resend a webhook event: the people who run the receiver, and support. */
  "webhooks.resend": ["OWNER", "ADMIN", "DEVELOPER", "OPERATOR"],
  /** API keys, webhook signing keys, test webhooks, request log. */
  "developers.manage": ["OWNER", "ADMIN", "DEVELOPER"],
  /** Profile, payment methods, risk thresholds, team. */
  "settings.manage": ["OWNER", "ADMIN"],
  "audit.view": ["OWNER", "ADMIN", "OPERATOR"],
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof PERMISSIONS;


export interface MerchantAccess {
  actor: StaffUser;
  merchant: { id: string; name: string; domain: string; isActive: boolean };
  /** The member role (if any), plus OPERATOR for platform operators. */
  roles: Role[];
}

/** Operators must enrol TOTP before they can do anything else (SPEC §13). */
export function needsTotpEnrolment(actor: StaffUser): boolean {
  return actor.isOperator && !actor.totpEnabled;
}

export function can(access: Pick<MerchantAccess, "roles">, permission: Permission): boolean {
  const allowed: readonly Role[] = PERMISSIONS[permission];
  return access.roles.some((r) => allowed.includes(r));
}

export function memberRole(access: Pick<MerchantAccess, "roles">): MemberRole | null {
  return (access.roles.find((r) => r !== "OPERATOR") as MemberRole | undefined) ?? null;
}

export function assertActive(actor: StaffUser): void {
  if (needsTotpEnrolment(actor)) throw new AppError("insufficient_permissions", "Turn on two-factor authentication before continuing");
}

/**
 * With the platform's two-factor policy on (lib/auth/two-factor-policy.ts), a merchant OWNER or
 * ADMIN without two-factor authentication works in sandbox only: in production they are taken to
 * the set-up page, and this refuses whatever they would change there.
 */
export function needsTotpIn(access: MerchantAccess, environment: Environment): boolean {
  const role = memberRole(access);
  return environment === "production" && access.actor.productionNeedsTotp && (role === "OWNER" || role === "ADMIN");
}

export function assertMayWorkIn(access: MerchantAccess, environment: Environment): void {
  if (needsTotpIn(access, environment)) {
    throw new AppError("insufficient_permissions", "The platform requires two-factor authentication for owners and admins in production: turn it on from your account page to continue");
  }
}

/** The actor's view of one merchant; `not_found` when they have none. */
export async function getMerchantAccess({ actor, merchantId }: { actor: StaffUser; merchantId: string }): Promise<MerchantAccess> {
  assertActive(actor);
  const membership = actor.memberships.find((m) => m.merchantId === merchantId);
  if (!membership && !actor.isOperator) throw notFound("Merchant not found");
  if (!/^mr_[0-9A-Za-z]{1,64}$/.test(merchantId)) throw notFound("Merchant not found");
  const merchant = await db.merchant.findUnique({ where: { id: merchantId }, select: { id: true, name: true, domain: true, isActive: true } });
  if (!merchant) throw notFound("Merchant not found");
  const roles: Role[] = [];
  if (membership) roles.push(membership.role);
  if (actor.isOperator) roles.push("OPERATOR");
  return { actor, merchant, roles };
}

/** For queries that receive an access already resolved by the page. */
export function assertCan(access: Pick<MerchantAccess, "roles">, permission: Permission): void {
  if (!can(access, permission)) throw new AppError("insufficient_permissions", "Your role does not allow this");
}

/**
 * getMerchantAccess plus one permission: `not_found` outside the merchant, `insufficient_permissions` inside it.
 * With `environment` (the one the change is made in), also the platform's two-factor policy for production.
 */
export async function authorize({ actor, merchantId, permission, environment }: { actor: StaffUser; merchantId: string; permission: Permission; environment?: Environment }): Promise<MerchantAccess> {
  const access = await getMerchantAccess({ actor, merchantId });
  assertCan(access, permission);
  if (environment) assertMayWorkIn(access, environment);
  return access;
}

/** Platform pages (Merchants, System, the platform-wide audit log): operators only, invisible to everyone else. */
export function assertOperator(actor: StaffUser): void {
  assertActive(actor);
  if (!actor.isOperator) throw notFound();
}
