// TOTP enrolment. Starting it asks for the person's password (a stolen
// session alone must not enrol its own authenticator and lock the owner out,
// SPEC §20); a fresh secret is then stored (encrypted) as pending and shown
// once, as a QR code and as text, to the browser that gave the password. It is
// switched on only once the person proves their app produces valid codes.
// Operators must do this at first sign-in. Switching it on issues the
// person's recovery codes (shown once, with the confirmation) and ends every
// other session of the person (end-sessions.ts).
import QRCode from "qrcode";
import { decryptSecret, encryptSecret } from "@/lib/crypto";
import { db } from "@/lib/db";
import { AppError, invalid } from "@/lib/errors";
import { endSessions } from "./end-sessions";
import { reauthenticate } from "./reauthenticate";
import { issueRecoveryCodes } from "./recovery-codes";
import { checkTotpCode, newTotpSecret, totpUri } from "./totp";
import { writeAuthAudit } from "./write-auth-audit";

export interface PendingEnrolment {
  /** Base32, for typing into an app that cannot scan. */
  secret: string;
  uri: string;
  /** The otpauth URI as a PNG data URL. */
  qrDataUrl: string;
}

/**
 * Checks the password (a wrong one counts towards the lockout), then stores a new pending
 * secret — replacing any earlier unfinished one, which is never shown again — and returns it.
 */
export async function startTotpEnrolment({ userId, password, ip = null }: { userId: string; password: string | null | undefined; ip?: string | null }): Promise<PendingEnrolment> {
  const user = await db.user.findUnique({ where: { id: userId }, select: { email: true, totpEnabledAt: true } });
  if (!user) throw new AppError("authentication_required", "Your session has ended; sign in again");
  if (user.totpEnabledAt) throw invalid("Two-factor authentication is already on");
  // Not yet enrolled, so this checks the password only.
  await reauthenticate({ userId, password, ip });
  const secret = newTotpSecret();
  // Only while still not enrolled: a parallel enrolment that finished first wins.
  const { count } = await db.user.updateMany({ where: { id: userId, totpEnabledAt: null }, data: { totpSecretEncrypted: encryptSecret(secret, { purpose: "totp-secret", id: userId }) } });
  if (count === 0) throw invalid("Two-factor authentication is already on");
  const uri = totpUri({ email: user.email, secret });
  return { secret, uri, qrDataUrl: await QRCode.toDataURL(uri, { margin: 1, width: 220 }) };
}

export interface ConfirmTotpEnrolment {
  userId: string;
  code: string | null | undefined;
  ip?: string | null;
}

export interface ConfirmedEnrolment {
  /** The person's new session version: their other sessions are over. */
  sessionVersion: number;
  /** In clear, this once (lib/auth/recovery-codes.ts). */
  recoveryCodes: string[];
}

/** Switches two-factor on; null if it already was (a second click, another tab). */
export async function confirmTotpEnrolment({ userId, code, ip = null }: ConfirmTotpEnrolment): Promise<ConfirmedEnrolment | null> {
  const user = await db.user.findUnique({ where: { id: userId }, select: { id: true, email: true, totpSecretEncrypted: true, totpEnabledAt: true } });
  if (!user) throw new AppError("authentication_required", "Your session has ended; sign in again");
  if (user.totpEnabledAt) return null;
  // A pending secret exists only if this person's password started the enrolment, and only that browser saw it.
  if (!user.totpSecretEncrypted) throw invalid("Start the set-up again: no pending authenticator secret");
  if (!(await checkTotpCode({ userId, secret: decryptSecret(user.totpSecretEncrypted, { purpose: "totp-secret", id: userId }), code }))) {
    throw invalid("That code is not valid. Check the time on your phone and enter the current code", "code");
  }
  const confirmed = await db.$transaction(async (tx) => {
    const { count } = await tx.user.updateMany({ where: { id: userId, totpEnabledAt: null }, data: { totpEnabledAt: new Date() } });
    if (count !== 1) return null;
    return { recoveryCodes: await issueRecoveryCodes(userId, tx), sessionVersion: await endSessions(userId, tx) };
  });
  if (confirmed === null) return null;
  await writeAuthAudit({ action: "auth.totp_enabled", email: user.email, userId, ip, details: { recoveryCodes: confirmed.recoveryCodes.length } });
  return confirmed;
}
