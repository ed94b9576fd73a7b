// Rules for changing a team, shared by invite, role change and removal:
// - only an OWNER hands out, changes or removes the OWNER role (an ADMIN
//   cannot promote themselves or take over the account);
// - a merchant always keeps at least one OWNER.
import type { Tx } from "@/lib/db";
import { AppError, invalid } from "@/lib/errors";
import type { MemberRole } from "@/lib/generated/prisma/enums";
import { type MerchantAccess, memberRole } from "../authz";

export const MEMBER_ROLES: readonly MemberRole[] = ["OWNER", "ADMIN", "DEVELOPER", "VIEWER"];

export function assertMayGrant(access: MerchantAccess, ...roles: MemberRole[]): void {
  if (roles.includes("OWNER") && memberRole(access) !== "OWNER") {
    throw new AppError("insufficient_permissions", "Only an owner can grant, change or remove the Owner role");
  }
}

/**
 * Serialises team changes of one merchant (row lock on the merchant) and
 * refuses a change that would leave it without an owner. Two owners demoting
 * each other at the same moment therefore cannot both succeed.
 */
export async function assertKeepsAnOwner(tx: Tx, merchantId: string, losingOwnerMembershipId: string): Promise<void> {
  await tx.$queryRaw`SELECT "id" FROM "Merchant" WHERE "id" = ${merchantId} FOR UPDATE`;
  const others = await tx.membership.count({ where: { merchantId, role: "OWNER", id: { not: losingOwnerMembershipId } } });
  if (others === 0) throw invalid("A merchant needs at least one owner: make someone else owner first");
}
