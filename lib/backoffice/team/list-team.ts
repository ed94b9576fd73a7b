import { db } from "@/lib/db";
import { assertCan, type MerchantAccess } from "../authz";

/** Members and open invitations; a team is small, so one query each without paging. */
export async function listTeam({ access }: { access: MerchantAccess }) {
  assertCan(access, "settings.manage");
  const merchantId = access.merchant.id;
  const [members, invitations] = await Promise.all([
    db.membership.findMany({
      where: { merchantId },
      select: { id: true, role: true, createdAt: true, user: { select: { id: true, email: true, name: true, totpEnabledAt: true, lastLoginAt: true } } },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      take: 500,
    }),
    db.invitation.findMany({
      where: { merchantId, acceptedAt: null, expiresAt: { gt: new Date() } },
      select: { id: true, email: true, role: true, createdAt: true, expiresAt: true },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: 200,
    }),
  ]);
  return { members, invitations };
}
