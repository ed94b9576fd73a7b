import { z } from "zod";
import { writeAudit } from "@/lib/audit/write-audit";
import { db } from "@/lib/db";
import { notFound } from "@/lib/errors";
import { auditActor } from "../audit-actor";
import { authorize } from "../authz";
import type { StaffUser } from "@/lib/auth/staff-user";
import { parseInput } from "@/lib/schema/parse-input";
import { ZReason } from "../schemas";
import { removeMembership } from "@/lib/team/remove-membership";
import { assertMayGrant } from "./team-rules";

const ZRemoveMemberInput = z.object({ membershipId: z.string().min(1).max(100), reason: ZReason });

/** Removes a member; their next request sees no access (roles are read per request). */
export async function removeMember({ actor, merchantId, input, ip = null }: { actor: StaffUser; merchantId: string; input: unknown; ip?: string | null }): Promise<void> {
  const access = await authorize({ actor, merchantId, permission: "settings.manage" });
  const data = parseInput(ZRemoveMemberInput, input);
  await db.$transaction(async (tx) => {
    const membership = await tx.membership.findFirst({ where: { id: data.membershipId, merchantId }, select: { id: true, role: true, user: { select: { id: true, email: true } } } });
    if (!membership) throw notFound("Team member not found");
    assertMayGrant(access, membership.role);
    await removeMembership({ merchantId, membership, tx });
    await writeAudit(
      { ...auditActor(actor, ip), action: "member.removed", merchantId, targetType: "user", targetId: membership.user.id, reason: data.reason || undefined, details: { email: membership.user.email, role: membership.role } },
      tx,
    );
  });
}
