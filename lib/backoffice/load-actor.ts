import { db } from "@/lib/db";
import type { Actor } from "./authz";

/**
 * The signed-in person as the database says now, not as the session token
 * remembers: a deactivated user or a removed membership takes effect on the
 * next request. Null when the user no longer exists or was deactivated.
 * (A lockout stops new sign-ins only; it does not end the sessions of the
 * person being guessed at, or anyone could sign a colleague out.)
 *
 * With `sessionVersion` (a session's), also null when that session was ended
 * since: signed out elsewhere, or the second factor changed (end-sessions.ts).
 */
export async function loadActor(userId: string, sessionVersion?: number): Promise<Actor | null> {
  const user = await db.user.findUnique({
    where: { id: userId },
    select: {
      id: true,
      email: true,
      name: true,
      isActive: true,
      platformRole: true,
      totpEnabledAt: true,
      sessionVersion: true,
      memberships: { select: { merchantId: true, role: true, merchant: { select: { name: true } } }, orderBy: { createdAt: "asc" } },
    },
  });
  if (!user || !user.isActive) return null;
  if (sessionVersion !== undefined && sessionVersion !== user.sessionVersion) return null;
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    isOperator: user.platformRole === "OPERATOR",
    totpEnabled: user.totpEnabledAt !== null,
    memberships: user.memberships.map((m) => ({ merchantId: m.merchantId, merchantName: m.merchant.name, role: m.role })),
  };
}
