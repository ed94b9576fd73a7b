// Sluice sends no e-mail, so the inviter receives the link and passes it on.
// Only the token's SHA-256 is stored; the link is shown once. It works for 7 days.
import { sha256Hex } from "@/lib/crypto";
import type { Tx } from "@/lib/db";
import { env } from "@/lib/env";
import type { MemberRole } from "@/lib/generated/prisma/enums";
import { newId, newToken } from "@/lib/ids";

const INVITATION_DAYS = 7;

export interface CreatedInvitation {
  id: string;
  email: string;
  url: string;
  expiresAt: Date;
}

export async function createInvitation({ merchantId, email, role, invitedById, tx }: { merchantId: string; email: string; role: MemberRole; invitedById: string; tx: Tx }): Promise<CreatedInvitation> {
  const token = newToken();
  const expiresAt = new Date(Date.now() + INVITATION_DAYS * 24 * 60 * 60 * 1000);
  const row = await tx.invitation.create({
    data: { id: newId("invitation"), merchantId, email, role, tokenHash: sha256Hex(token), invitedById, expiresAt },
    select: { id: true },
  });
  return { id: row.id, email, url: `${env.BACKOFFICE_BASE_URL}/invitations/${token}`, expiresAt };
}
