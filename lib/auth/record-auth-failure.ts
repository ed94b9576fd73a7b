// One failed password or code, wherever it was typed (sign-in or
// re-authentication): counted towards the lockout and written to the audit log.
import { recordFailedLogin } from "./lockout";
import { writeAuthAudit } from "./write-auth-audit";

export interface AuthFailure {
  user: { id: string; email: string };
  /** Audit action, e.g. `auth.sign_in_failed` or `auth.reauth_failed`. */
  action: string;
  /** Why it failed, for the audit log: `wrong_password`, `wrong_totp_code`. */
  reason: string;
  ip?: string | null;
}

/** Returns whether the account is now locked. */
export async function recordAuthFailure({ user, action, reason, ip }: AuthFailure): Promise<{ locked: boolean; lockedUntil: Date | null }> {
  const result = await recordFailedLogin(user.id);
  await writeAuthAudit({ action, email: user.email, userId: user.id, reason, ip, details: { failedLoginCount: result.failedLoginCount } });
  if (result.lockedNow) {
    await writeAuthAudit({ action: "auth.locked", email: user.email, userId: user.id, reason: "too_many_failed_attempts", ip, details: { lockedUntil: result.lockedUntil?.toISOString() } });
  }
  const locked = result.lockedUntil !== null && result.lockedUntil > new Date();
  return { locked, lockedUntil: result.lockedUntil };
}
