// A merchant staff login created by an administrator (CLI `user:create`),
// without the invitation round trip: tests and scripted set-ups use it.
import { writeAudit } from "@/lib/audit/write-audit";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import type { MemberRole } from "@/lib/generated/prisma/enums";
import { newId } from "@/lib/ids";
import { createUser } from "@/lib/users/create-user";
import { MEMBER_ROLES } from "./team-rules";

export interface CreateStaffMemberOptions {
  merchantId: string;
  email: string;
  password: string;
  role: MemberRole;
  name?: string;
}

export async function createStaffMember({ merchantId, email, password, role, name = "" }: CreateStaffMemberOptions) {
  if (!MEMBER_ROLES.includes(role)) throw new AppError("invalid_request", `role must be one of ${MEMBER_ROLES.join(", ")}`, { param: "role" });
  const merchant = await db.merchant.findUnique({ where: { id: merchantId }, select: { id: true } });
  if (!merchant) throw new AppError("not_found", `No merchant with id ${merchantId}`);
  return db.$transaction(async (tx) => {
    const user = await createUser({ email, password, name, tx });
    await tx.membership.create({ data: { id: newId("membership"), userId: user.id, merchantId, role } });
    await writeAudit({ action: "member.created", actorType: "system", merchantId, targetType: "user", targetId: user.id, details: { email: user.email, role } }, tx);
    return { user: { id: user.id, email: user.email }, membership: { merchantId, role } };
  }, { timeout: 20_000 });
}
