import type { Tx } from "@/lib/db";
import { endSessions } from "./end-sessions";

/**
 * Turns a person's two-factor authentication off (SPEC §20): their next sign-in sets up a new
 * authenticator, and every session they have ends at once.
 */
export async function resetTotp({ userId, tx }: { userId: string; tx: Tx }): Promise<void> {
  await tx.user.update({ where: { id: userId }, data: { totpSecretEncrypted: null, totpEnabledAt: null } });
  // The codes belonged to the old authenticator: the new one comes with its own.
  await tx.recoveryCode.deleteMany({ where: { userId } });
  await endSessions(userId, tx);
}
