// The invitee's side of an invitation. Someone new chooses a name and a
// password; someone who already has a Sluice login proves it with their
// password (failures count towards their lockout). The invitation is used up
// by a conditional update, so one link makes one membership.
import { z } from "zod";
import { isLocked } from "@/lib/auth/lockout";
import { recordAuthFailure } from "@/lib/auth/record-auth-failure";
import { writeAudit } from "@/lib/audit/write-audit";
import { sha256Hex } from "@/lib/crypto";
import { db } from "@/lib/db";
import { invalid } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { createUser } from "@/lib/users/create-user";
import { PASSWORD_MIN_LENGTH, verifyPassword } from "@/lib/users/password";
import { parseInput } from "@/lib/schema/parse-input";

const ZAcceptInvitationInput = z.object({
  name: z.string().trim().max(200, "name must be at most 200 characters").optional(),
  password: z.string().min(1, "password is required").max(1024),
  passwordConfirmation: z.string().max(1024).optional(),
});

const GONE = "This invitation link is no longer valid. Ask for a new one.";

export async function acceptInvitation({ token, input, ip = null }: { token: string; input: unknown; ip?: string | null }): Promise<{ email: string }> {
  const data = parseInput(ZAcceptInvitationInput, input);
  if (!/^[0-9A-Za-z]{20,64}$/.test(token)) throw invalid(GONE);
  const invitation = await db.invitation.findUnique({ where: { tokenHash: sha256Hex(token) }, select: { id: true, merchantId: true, email: true, role: true, expiresAt: true, acceptedAt: true } });
  if (!invitation || invitation.acceptedAt || invitation.expiresAt <= new Date()) throw invalid(GONE);

  const existing = await db.user.findUnique({ where: { email: invitation.email }, select: { id: true, email: true, passwordHash: true, lockedUntil: true } });
  if (existing) {
    if (isLocked(existing)) throw invalid("Your account is locked after too many failed attempts; try again in 30 minutes", "password");
    if (!(await verifyPassword(existing.passwordHash, data.password))) {
      await recordAuthFailure({ user: existing, action: "auth.sign_in_failed", reason: "wrong_password_on_invitation", ip });
      throw invalid("That password is incorrect", "password");
    }
  } else {
    if (data.password.length < PASSWORD_MIN_LENGTH) throw invalid(`password must be at least ${PASSWORD_MIN_LENGTH} characters`, "password");
    if (data.password !== data.passwordConfirmation) throw invalid("The two passwords do not match", "passwordConfirmation");
  }

  await db.$transaction(async (tx) => {
    const { count } = await tx.invitation.updateMany({ where: { id: invitation.id, acceptedAt: null }, data: { acceptedAt: new Date() } });
    if (count !== 1) throw invalid(GONE);
    const user = existing ?? (await createUser({ email: invitation.email, password: data.password, name: data.name ?? "", tx }));
    await tx.membership.upsert({
      where: { userId_merchantId: { userId: user.id, merchantId: invitation.merchantId } },
      create: { id: newId("membership"), userId: user.id, merchantId: invitation.merchantId, role: invitation.role },
      update: {},
    });
    await writeAudit(
      { action: "invitation.accepted", actorType: "user", actorId: user.id, actorEmail: invitation.email, merchantId: invitation.merchantId, targetType: "invitation", targetId: invitation.id, details: { role: invitation.role, newUser: !existing }, ip },
      tx,
    );
  }, { timeout: 20_000 });
  return { email: invitation.email };
}
