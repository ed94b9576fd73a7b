// TOTP enrolment: a secret is generated and stored (encrypted) as pending,
// shown as a QR code and as text, and switched on only once the person proves
// their app produces valid codes. Operators must do this at first sign-in.
import QRCode from "qrcode";
import { decryptSecret, encryptSecret } from "@/lib/crypto";
import { db } from "@/lib/db";
import { AppError, invalid } from "@/lib/errors";
import { checkTotpCode, newTotpSecret, totpUri } from "./totp";
import { writeAuthAudit } from "./write-auth-audit";

export interface PendingEnrolment {
  /** Base32, for typing into an app that cannot scan. */
  secret: string;
  uri: string;
  /** The otpauth URI as a PNG data URL. */
  qrDataUrl: string;
}

/** Idempotent: reloading the page shows the same pending secret. */
export async function startTotpEnrolment({ userId }: { userId: string }): Promise<PendingEnrolment> {
  const user = await db.user.findUnique({ where: { id: userId }, select: { email: true, totpSecretEncrypted: true, totpEnabledAt: true } });
  if (!user) throw new AppError("authentication_required", "Your session has ended; sign in again");
  if (user.totpEnabledAt) throw invalid("Two-factor authentication is already on");
  let secret = user.totpSecretEncrypted ? decryptSecret(user.totpSecretEncrypted) : null;
  if (!secret) {
    secret = newTotpSecret();
    // Only while still not enrolled: a parallel enrolment that finished first wins.
    await db.user.updateMany({ where: { id: userId, totpEnabledAt: null }, data: { totpSecretEncrypted: encryptSecret(secret) } });
  }
  const uri = totpUri({ email: user.email, secret });
  return { secret, uri, qrDataUrl: await QRCode.toDataURL(uri, { margin: 1, width: 220 }) };
}

export async function confirmTotpEnrolment({ userId, code, ip = null }: { userId: string; code: string | null | undefined; ip?: string | null }): Promise<void> {
  const user = await db.user.findUnique({ where: { id: userId }, select: { id: true, email: true, totpSecretEncrypted: true, totpEnabledAt: true } });
  if (!user) throw new AppError("authentication_required", "Your session has ended; sign in again");
  if (user.totpEnabledAt) return;
  if (!user.totpSecretEncrypted) throw invalid("Start the set-up again: no pending authenticator secret");
  if (!(await checkTotpCode({ userId, secret: decryptSecret(user.totpSecretEncrypted), code }))) {
    throw invalid("That code is not valid. Check the time on your phone and enter the current code", "code");
  }
  await db.user.updateMany({ where: { id: userId, totpEnabledAt: null }, data: { totpEnabledAt: new Date() } });
  await writeAuthAudit({ action: "auth.totp_enabled", email: user.email, userId, ip });
}
