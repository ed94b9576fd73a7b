import { sha256Hex } from "@/lib/crypto";
import { db } from "@/lib/db";

/** An open invitation by its link token, for the accept page; null when unknown, used or expired. */
export async function getInvitation({ token }: { token: string }) {
  if (!/^[0-9A-Za-z]{20,64}$/.test(token)) return null;
  const invitation = await db.invitation.findUnique({
    where: { tokenHash: sha256Hex(token) },
    select: { id: true, email: true, role: true, expiresAt: true, acceptedAt: true, merchant: { select: { name: true } } },
  });
  if (!invitation || invitation.acceptedAt || invitation.expiresAt <= new Date()) return null;
  const user = await db.user.findUnique({ where: { email: invitation.email }, select: { id: true } });
  return { id: invitation.id, email: invitation.email, role: invitation.role, expiresAt: invitation.expiresAt, merchantName: invitation.merchant.name, existingUser: user !== null };
}
