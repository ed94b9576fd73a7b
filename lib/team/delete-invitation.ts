import type { Tx } from "@/lib/db";

/** Withdraws an open invitation: its link stops working at once. */
export async function deleteInvitation({ invitationId, tx }: { invitationId: string; tx: Tx }): Promise<void> {
  await tx.invitation.delete({ where: { id: invitationId } });
}
