import type { Tx } from "@/lib/db";
import type { MemberRole } from "@/lib/generated/prisma/enums";
import { assertKeepsAnOwner } from "./team-rules";

/** A member's new role; an owner stepping down only while another owner remains. Roles are read per request, so it applies at once. */
export async function setMemberRole({ merchantId, membership, role, tx }: { merchantId: string; membership: { id: string; role: MemberRole }; role: MemberRole; tx: Tx }): Promise<void> {
  if (membership.role === "OWNER") await assertKeepsAnOwner(tx, merchantId, membership.id);
  await tx.membership.update({ where: { id: membership.id }, data: { role } });
}
