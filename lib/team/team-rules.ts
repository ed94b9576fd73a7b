// Rules a team keeps whoever changes it: the roles there are, and a merchant
// always keeps at least one OWNER. (Who may hand out which role is a
// permission, checked by the back office: lib/backoffice/team/team-rules.ts.)
import type { Tx } from "@/lib/db";
import { invalid } from "@/lib/errors";
import type { MemberRole } from "@/lib/generated/prisma/enums";

export const MEMBER_ROLES: readonly MemberRole[] = ["OWNER", "ADMIN", "DEVELOPER", "VIEWER"];

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
