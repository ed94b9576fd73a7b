import type { Tx } from "@/lib/db";
import type { MemberRole } from "@/lib/generated/prisma/enums";
import { assertKeepsAnOwner } from "./team-rules";

/** Removes a member (an owner only while another owner remains); their next request sees no access. */
export async function removeMembership({ merchantId, membership, tx }: { merchantId: string; membership: { id: string; role: MemberRole }; tx: Tx }): Promise<void> {
  if (membership.role === "OWNER") await assertKeepsAnOwner(tx, merchantId, membership.id);
  await tx.membership.delete({ where: { id: membership.id } });
}
