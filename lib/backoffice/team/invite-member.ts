// Settings → Team → Invite. Sluice sends no e-mail, so the inviter receives
// the link and passes it on. Only the token's SHA-256 is stored; the link is
// shown once. It works for 7 days.
import { z } from "zod";
import { writeAudit } from "@/lib/audit/write-audit";
import { sha256Hex } from "@/lib/crypto";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { invalid } from "@/lib/errors";
import { newId, newToken } from "@/lib/ids";
import { normaliseEmail } from "@/lib/users/create-user";
import { auditActor } from "../audit-actor";
import { authorize } from "../authz";
import type { StaffUser } from "@/lib/auth/staff-user";
import { parseInput } from "@/lib/schema/parse-input";
import { assertMayGrant } from "./team-rules";

const INVITATION_DAYS = 7;

const ZInviteInput = z.object({
  email: z.string().trim().max(254).email("email must be a valid e-mail address"),
  role: z.enum(["OWNER", "ADMIN", "DEVELOPER", "VIEWER"], { message: "role must be Owner, Admin, Developer or Viewer" }),
});

export interface CreatedInvitation {
  id: string;
  email: string;
  url: string;
  expiresAt: Date;
}

export async function inviteMember({ actor, merchantId, input, ip = null }: { actor: StaffUser; merchantId: string; input: unknown; ip?: string | null }): Promise<CreatedInvitation> {
  const access = await authorize({ actor, merchantId, permission: "settings.manage" });
  const data = parseInput(ZInviteInput, input);
  assertMayGrant(access, data.role);
  const email = normaliseEmail(data.email);
  const already = await db.membership.findFirst({ where: { merchantId, user: { email } }, select: { id: true } });
  if (already) throw invalid(`${email} is already a member of this team`, "email");
  const token = newToken();
  const expiresAt = new Date(Date.now() + INVITATION_DAYS * 24 * 60 * 60 * 1000);
  const invitation = await db.$transaction(async (tx) => {
    const row = await tx.invitation.create({
      data: { id: newId("invitation"), merchantId, email, role: data.role, tokenHash: sha256Hex(token), invitedById: actor.id, expiresAt },
      select: { id: true },
    });
    await writeAudit({ ...auditActor(actor, ip), action: "member.invited", merchantId, targetType: "invitation", targetId: row.id, details: { email, role: data.role } }, tx);
    return row;
  });
  return { id: invitation.id, email, url: `${env.BACKOFFICE_BASE_URL}/invitations/${token}`, expiresAt };
}
