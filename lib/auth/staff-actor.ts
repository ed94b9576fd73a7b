// Who is deciding: a signed-in back-office user (or an operator at the CLI).
// Domain functions take only the user's id and load roles themselves, so a
// caller can never hand in a role the user does not have.
import { db, type Tx } from "@/lib/db";
import { AppError } from "@/lib/errors";
import type { MemberRole, PlatformRole } from "@/lib/generated/prisma/enums";

export interface StaffActor {
  userId: string;
  /** For the audit log. */
  ip?: string | null;
}

export interface StaffUser {
  id: string;
  email: string;
  platformRole: PlatformRole | null;
  memberships: { merchantId: string; role: MemberRole }[];
}

export async function loadStaffUser(actor: StaffActor, tx: Tx = db): Promise<StaffUser> {
  const user = await tx.user.findUnique({
    where: { id: actor.userId },
    select: { id: true, email: true, platformRole: true, isActive: true, memberships: { select: { merchantId: true, role: true } } },
  });
  if (!user || !user.isActive) throw new AppError("insufficient_permissions", "Unknown or deactivated user");
  return { id: user.id, email: user.email, platformRole: user.platformRole, memberships: user.memberships };
}
