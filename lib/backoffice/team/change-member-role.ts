import { z } from "zod";
import { writeAudit } from "@/lib/audit/write-audit";
import { db } from "@/lib/db";
import { notFound } from "@/lib/errors";
import { auditActor } from "../audit-actor";
import { authorize } from "../authz";
import type { StaffUser } from "@/lib/auth/staff-user";
import { parseInput } from "@/lib/schema/parse-input";
import { ZReason } from "../schemas";
import { setMemberRole } from "@/lib/team/set-member-role";
import { assertMayGrant } from "./team-rules";

const ZChangeRoleInput = z.object({
  membershipId: z.string().min(1).max(100),
  role: z.enum(["OWNER", "ADMIN", "DEVELOPER", "VIEWER"], { message: "role must be Owner, Admin, Developer or Viewer" }),
  reason: ZReason,
});

export async function changeMemberRole({ actor, merchantId, input, ip = null }: { actor: StaffUser; merchantId: string; input: unknown; ip?: string | null }): Promise<void> {
  const access = await authorize({ actor, merchantId, permission: "settings.manage" });
  const data = parseInput(ZChangeRoleInput, input);
  await db.$transaction(async (tx) => {
    const membership = await tx.membership.findFirst({ where: { id: data.membershipId, merchantId }, select: { id: true, role: true, user: { select: { id: true, email: true } } } });
    if (!membership) throw notFound("Team member not found");
    if (membership.role === data.role) return;
    assertMayGrant(access, membership.role, data.role);
    await setMemberRole({ merchantId, membership, role: data.role, tx });
    await writeAudit(
      {
        ...auditActor(actor, ip),
        action: "member.role_changed",
        merchantId,
        targetType: "user",
        targetId: membership.user.id,
        reason: data.reason || undefined,
        details: { email: membership.user.email, from: membership.role, to: data.role },
      },
      tx,
    );
  });
}
