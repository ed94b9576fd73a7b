import { z } from "zod";
import { writeAudit } from "@/lib/audit/write-audit";
import { db } from "@/lib/db";
import { notFound } from "@/lib/errors";
import { auditActor } from "../audit-actor";
import { authorize } from "../authz";
import type { StaffUser } from "@/lib/auth/staff-user";
import { parseInput } from "@/lib/schema/parse-input";
import { deleteInvitation } from "@/lib/team/delete-invitation";
import { assertMayGrant } from "./team-rules";

const ZRevokeInvitationInput = z.object({ invitationId: z.string().min(1).max(100) });

/** Withdraws an open invitation: its link stops working at once. */
export async function revokeInvitation({ actor, merchantId, input, ip = null }: { actor: StaffUser; merchantId: string; input: unknown; ip?: string | null }): Promise<void> {
  const access = await authorize({ actor, merchantId, permission: "settings.manage" });
  const { invitationId } = parseInput(ZRevokeInvitationInput, input);
  await db.$transaction(async (tx) => {
    const invitation = await tx.invitation.findFirst({ where: { id: invitationId, merchantId, acceptedAt: null }, select: { id: true, email: true, role: true } });
    if (!invitation) throw notFound("Invitation not found");
    assertMayGrant(access, invitation.role);
    await deleteInvitation({ invitationId: invitation.id, tx });
    await writeAudit({ ...auditActor(actor, ip), action: "invitation.revoked", merchantId, targetType: "invitation", targetId: invitation.id, details: { email: invitation.email, role: invitation.role } }, tx);
  });
}
