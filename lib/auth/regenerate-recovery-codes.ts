// A new set of recovery codes (the old ones stop working), for a person who
// used some, lost the list, or enrolled before codes existed. Like any change
// of second factor it needs the password and a current authenticator code,
// ends the person's other sessions (SPEC §20), and is audited.
import { db } from "@/lib/db";
import { invalid } from "@/lib/errors";
import { endSessions } from "./end-sessions";
import { reauthenticate } from "./reauthenticate";
import { issueRecoveryCodes } from "./recovery-codes";
import { writeAuthAudit } from "./write-auth-audit";

export interface RegeneratedRecoveryCodes {
  codes: string[];
  /** The person's new session version: the browser that asked keeps its session with it. */
  sessionVersion: number;
}

export async function regenerateRecoveryCodes({ userId, password, code, ip = null }: { userId: string; password: string | null | undefined; code: string | null | undefined; ip?: string | null }): Promise<RegeneratedRecoveryCodes> {
  const user = await db.user.findUnique({ where: { id: userId }, select: { email: true, totpEnabledAt: true } });
  if (!user?.totpEnabledAt) throw invalid("Turn on two-factor authentication first: recovery codes stand in for its codes");
  // With two-factor on, this asks for the password and a current code (and counts failures towards the lockout).
  await reauthenticate({ userId, password, code, ip });
  const result = await db.$transaction(async (tx) => ({ codes: await issueRecoveryCodes(userId, tx), sessionVersion: await endSessions(userId, tx) }));
  await writeAuthAudit({ action: "auth.recovery_codes_regenerated", email: user.email, userId, ip, details: { codes: result.codes.length } });
  return result;
}
