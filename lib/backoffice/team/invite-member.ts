// Settings → Team → Invite (lib/team/create-invitation.ts makes the link).
import { z } from "zod";
import { writeAudit } from "@/lib/audit/write-audit";
import { db } from "@/lib/db";
import { invalid } from "@/lib/errors";
import { normaliseEmail } from "@/lib/users/create-user";
import { auditActor } from "../audit-actor";
import { authorize } from "../authz";
import type { StaffUser } from "@/lib/auth/staff-user";
import { parseInput } from "@/lib/schema/parse-input";
import { createInvitation, type CreatedInvitation } from "@/lib/team/create-invitation";
import { assertMayGrant } from "./team-rules";

const ZInviteInput = z.object({
  email: z.string().trim().max(254).email("email must be a valid e-mail address"),
  role: z.enum(["OWNER", "ADMIN", "DEVELOPER", "VIEWER"], { message: "role must be Owner, Admin, Developer or Viewer" }),
});

export async function inviteMember({ actor, merchantId, input, ip = null }: { actor: StaffUser; merchantId: string; input: unknown; ip?: string | null }): Promise<CreatedInvitation> {
  const access = await authorize({ actor, merchantId, permission: "settings.manage" });
  const data = parseInput(ZInviteInput, input);
  assertMayGrant(access, data.role);
  const email = normaliseEmail(data.email);
  const already = await db.membership.findFirst({ where: { merchantId, user: { email } }, select: { id: true } });
  if (already) throw invalid(`${email} is already a member of this team`, "email");
  return db.$transaction(async (tx) => {
    const invitation = await createInvitation({ merchantId, email, role: data.role, invitedById: actor.id, tx });
    await writeAudit({ ...auditActor(actor, ip), action: "member.invited", merchantId, targetType: "invitation", targetId: invitation.id, details: { email, role: data.role } }, tx);
    return invitation;
  });
}
