// A person changes their own back-office password (SPEC §20): the current
// password (and code, when enrolled) first, then the new one; every other
// session of theirs ends at once (end-sessions.ts), so whoever else held a
// session — a copied cookie, a forgotten browser — is out.
import { z } from "zod";
import { endSessions } from "@/lib/auth/end-sessions";
import { reauthenticate } from "@/lib/auth/reauthenticate";
import { writeAuthAudit } from "@/lib/auth/write-auth-audit";
import { parseInput } from "@/lib/schema/parse-input";
import { db } from "@/lib/db";
import { AppError, invalid } from "@/lib/errors";
import { hashPassword, PASSWORD_MIN_LENGTH, verifyPassword } from "@/lib/users/password";

const ZChangePasswordInput = z.object({
  password: z.string().max(1024).optional(),
  code: z.string().max(16).optional(),
  newPassword: z.string().max(1024, "the new password must be at most 1024 characters"),
  newPasswordConfirmation: z.string().max(1024),
});

/** Returns the person's new session version (for keeping the browser that did it signed in). */
export async function changePassword({ userId, input, ip = null }: { userId: string; input: unknown; ip?: string | null }): Promise<number> {
  const data = parseInput(ZChangePasswordInput, input);
  await reauthenticate({ userId, password: data.password, code: data.code, ip });
  if (data.newPassword.length < PASSWORD_MIN_LENGTH) throw invalid(`The new password must be at least ${PASSWORD_MIN_LENGTH} characters`, "newPassword");
  if (data.newPassword !== data.newPasswordConfirmation) throw invalid("The two new passwords differ", "newPasswordConfirmation");
  const user = await db.user.findUnique({ where: { id: userId }, select: { email: true, passwordHash: true } });
  if (!user) throw new AppError("authentication_required", "Your session has ended; sign in again");
  if (await verifyPassword(user.passwordHash, data.newPassword)) throw invalid("The new password is the one you have now", "newPassword");
  const passwordHash = await hashPassword(data.newPassword);
  const version = await db.$transaction(async (tx) => {
    await tx.user.update({ where: { id: userId }, data: { passwordHash } });
    return endSessions(userId, tx);
  });
  await writeAuthAudit({ action: "auth.password_changed", email: user.email, userId, ip });
  return version;
}
