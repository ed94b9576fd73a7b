// SPEC §13: approving a payout needs a TOTP code from anyone who has enrolled,
// so a session left open on a desk cannot release money. (The password is
// not asked again: unlike a live key, an approval gives nothing away to the
// person holding the session.) Wrong codes count towards the sign-in lockout.
import { checkTotpCode, normaliseTotpCode } from "@/lib/auth/totp";
import { isLocked } from "@/lib/auth/lockout";
import { recordAuthFailure } from "@/lib/auth/record-auth-failure";
import { decryptSecret } from "@/lib/crypto";
import { db } from "@/lib/db";
import { AppError, invalid } from "@/lib/errors";

export async function verifyApproverCode({ userId, code, ip = null }: { userId: string; code: string | null | undefined; ip?: string | null }): Promise<void> {
  const user = await db.user.findUnique({ where: { id: userId }, select: { id: true, email: true, lockedUntil: true, totpSecretEncrypted: true, totpEnabledAt: true } });
  if (!user) throw new AppError("authentication_required", "Your session has ended; sign in again");
  if (!user.totpEnabledAt || !user.totpSecretEncrypted) return;
  if (isLocked(user)) throw invalid("Your account is locked after too many failed attempts; try again in 30 minutes", "code");
  if (!normaliseTotpCode(code)) throw invalid("Enter the code from your authenticator app to approve", "code");
  if (!(await checkTotpCode({ userId: user.id, secret: decryptSecret(user.totpSecretEncrypted, { purpose: "totp-secret", id: user.id }), code }))) {
    const { locked } = await recordAuthFailure({ user, action: "auth.reauth_failed", reason: "wrong_totp_code", ip });
    throw invalid(locked ? "Too many failed attempts: your account is locked for 30 minutes" : "That authentication code is not valid (or was already used)", "code");
  }
}
