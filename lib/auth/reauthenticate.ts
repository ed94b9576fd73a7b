// SPEC §2's "verification process": before a production API key is created
// or regenerated, or a production webhook signing key is revealed or rotated,
// the signed-in person types their password again (and their TOTP code when
// enrolled). A stolen or unattended session alone cannot mint live secrets.
// Failures count towards the same lockout as sign-in failures.
import { decryptSecret } from "@/lib/crypto";
import { db } from "@/lib/db";
import { AppError, invalid } from "@/lib/errors";
import { verifyPassword } from "@/lib/users/password";
import { isLocked } from "./lockout";
import { recordAuthFailure } from "./record-auth-failure";
import { checkTotpCode, normaliseTotpCode } from "./totp";

export interface ReauthenticateOptions {
  userId: string;
  password: string | null | undefined;
  code?: string | null;
  ip?: string | null;
}

export async function reauthenticate({ userId, password, code, ip = null }: ReauthenticateOptions): Promise<void> {
  const user = await db.user.findUnique({
    where: { id: userId },
    select: { id: true, email: true, passwordHash: true, lockedUntil: true, totpSecretEncrypted: true, totpEnabledAt: true },
  });
  if (!user) throw new AppError("authentication_required", "Your session has ended; sign in again");
  if (isLocked(user)) throw invalid("Your account is locked after too many failed attempts; try again in 30 minutes", "password");
  if (!password) throw invalid("Enter your password to confirm it's you", "password");
  if (!(await verifyPassword(user.passwordHash, password))) {
    const { locked } = await recordAuthFailure({ user, action: "auth.reauth_failed", reason: "wrong_password", ip });
    throw invalid(locked ? "Too many failed attempts: your account is locked for 30 minutes" : "That password is incorrect", "password");
  }
  if (user.totpEnabledAt && user.totpSecretEncrypted) {
    if (!normaliseTotpCode(code)) throw invalid("Enter the code from your authenticator app", "code");
    if (!(await checkTotpCode({ userId: user.id, secret: decryptSecret(user.totpSecretEncrypted, { purpose: "totp-secret", id: user.id }), code }))) {
      const { locked } = await recordAuthFailure({ user, action: "auth.reauth_failed", reason: "wrong_totp_code", ip });
      throw invalid(locked ? "Too many failed attempts: your account is locked for 30 minutes" : "That authentication code is not valid (or was already used)", "code");
    }
  }
}
