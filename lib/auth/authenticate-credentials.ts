// The back office's sign-in check (SPEC §13), called by next-auth's
// credentials provider: e-mail and argon2id password, then the TOTP code (or
// a single-use recovery code) for anyone who has enrolled, with the
// 10-failure lockout and the per-address throttle. Every outcome is audited. Passwords and codes never reach the log.
//
// One answer for every way the e-mail and password can fail — unknown e-mail,
// wrong password, locked or deactivated account, throttled address — so the
// form reveals neither which accounts exist nor which are locked (SPEC §20);
// the audit log keeps the real reason.
import { decryptSecret } from "@/lib/crypto";
import { db } from "@/lib/db";
import { normaliseEmail } from "@/lib/users/create-user";
import { hashPassword, verifyPassword } from "@/lib/users/password";
import { isLocked, recordSuccessfulLogin } from "./lockout";
import { recordAuthFailure } from "./record-auth-failure";
import { countSignInFailure, signInThrottled } from "./sign-in-throttle";
import { countRecoveryCodesLeft, spendRecoveryCode } from "./recovery-codes";
import { checkTotpCode, normaliseTotpCode } from "./totp";
import { writeAuthAudit } from "./write-auth-audit";

type SignInFailure = "invalid_credentials" | "totp_required" | "totp_invalid" | "recovery_code_invalid";

export type SignInResult = { ok: true; user: { id: string; email: string; name: string; sessionVersion: number } } | { ok: false; reason: SignInFailure };

export interface Credentials {
  email: string;
  password: string;
  /** The authenticator code; asked for only after the password is right. */
  code?: string | null;
  /** Instead of the code, when the authenticator is lost: one of the person's single-use recovery codes. */
  recoveryCode?: string | null;
  ip?: string | null;
}

// Verifying against a real hash for unknown e-mails (and throttled addresses)
// keeps the response time the same, so timing does not reveal which addresses
// have accounts.
let dummyHash: Promise<string> | undefined;

export async function authenticateCredentials(credentials: Credentials): Promise<SignInResult> {
  const result = await check(credentials);
  if (!result.ok && result.reason !== "totp_required") await countSignInFailure(credentials.ip ?? null);
  return result;
}

async function check({ email, password, code, recoveryCode, ip = null }: Credentials): Promise<SignInResult> {
  const normalised = normaliseEmail(email);
  if (await signInThrottled(ip)) {
    // The same argon2 work as any other failure (see below).
    await verifyPassword(await (dummyHash ??= hashPassword("not-a-real-password")), password);
    await writeAuthAudit({ action: "auth.sign_in_failed", email: normalised.slice(0, 254), reason: "ip_throttled", ip });
    return { ok: false, reason: "invalid_credentials" };
  }
  const user = await db.user.findUnique({
    where: { email: normalised },
    select: { id: true, email: true, name: true, passwordHash: true, isActive: true, lockedUntil: true, totpSecretEncrypted: true, totpEnabledAt: true, sessionVersion: true },
  });
  if (!user) {
    await verifyPassword(await (dummyHash ??= hashPassword("not-a-real-password")), password);
    await writeAuthAudit({ action: "auth.sign_in_failed", email: normalised.slice(0, 254), reason: "unknown_email", ip });
    return { ok: false, reason: "invalid_credentials" };
  }
  // The password is verified on every path, so a locked account costs the same
  // argon2 work as a wrong password and timing does not tell a prober which
  // accounts are locked (SPEC §20).
  const passwordCorrect = await verifyPassword(user.passwordHash, password);
  // A locked account is refused whatever the password, so guessing cannot
  // continue during the lock. The audit says whether the password was right:
  // the owner locked out, or someone guessing.
  if (isLocked(user)) {
    await writeAuthAudit({ action: "auth.sign_in_failed", email: user.email, userId: user.id, reason: "account_locked", ip, details: { lockedUntil: user.lockedUntil?.toISOString(), passwordCorrect } });
    return { ok: false, reason: "invalid_credentials" };
  }
  if (!passwordCorrect) {
    await recordAuthFailure({ user, action: "auth.sign_in_failed", reason: "wrong_password", ip });
    return { ok: false, reason: "invalid_credentials" };
  }
  if (!user.isActive) {
    await writeAuthAudit({ action: "auth.sign_in_failed", email: user.email, userId: user.id, reason: "user_deactivated", ip });
    return { ok: false, reason: "invalid_credentials" };
  }
  let usedRecoveryCode = false;
  if (user.totpEnabledAt && user.totpSecretEncrypted && recoveryCode?.trim()) {
    if (!(await spendRecoveryCode({ userId: user.id, code: recoveryCode }))) {
      await recordAuthFailure({ user, action: "auth.sign_in_failed", reason: "wrong_recovery_code", ip });
      return { ok: false, reason: "recovery_code_invalid" };
    }
    usedRecoveryCode = true;
    await writeAuthAudit({ action: "auth.recovery_code_used", email: user.email, userId: user.id, ip, details: { recoveryCodesLeft: await countRecoveryCodesLeft(user.id) } });
  } else if (user.totpEnabledAt && user.totpSecretEncrypted) {
    // The password was right: ask for the second factor without counting a failure.
    if (!normaliseTotpCode(code)) return { ok: false, reason: "totp_required" };
    const valid = await checkTotpCode({ userId: user.id, secret: decryptSecret(user.totpSecretEncrypted, { purpose: "totp-secret", id: user.id }), code });
    if (!valid) {
      // The password was right, so saying the code was wrong reveals nothing new; a lock it
      // caused shows as a wrong password on the next try.
      await recordAuthFailure({ user, action: "auth.sign_in_failed", reason: "wrong_totp_code", ip });
      return { ok: false, reason: "totp_invalid" };
    }
  }
  await recordSuccessfulLogin(user.id);
  await writeAuthAudit({ action: "auth.signed_in", email: user.email, userId: user.id, ip, details: { totp: Boolean(user.totpEnabledAt), ...(usedRecoveryCode ? { recoveryCode: true } : {}) } });
  return { ok: true, user: { id: user.id, email: user.email, name: user.name, sessionVersion: user.sessionVersion } };
}
