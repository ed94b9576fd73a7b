// Sign-in events in the audit log (SPEC §13). A person's sign-ins matter to
// every merchant they work for, so the entry is written once per membership
// (an OWNER sees their team's lockouts); users without a membership (platform
// operators, unknown e-mails) get one platform-wide entry, which operators see.
import { db, Prisma } from "@/lib/db";
import { newId } from "@/lib/ids";

export interface AuthAuditEntry {
  action: string;
  email: string;
  userId?: string | null;
  reason?: string;
  details?: Record<string, unknown>;
  ip?: string | null;
}

export async function writeAuthAudit({ action, email, userId = null, reason, details, ip = null }: AuthAuditEntry): Promise<void> {
  const memberships = userId ? await db.membership.findMany({ where: { userId }, select: { merchantId: true } }) : [];
  const merchantIds: (string | null)[] = memberships.length ? memberships.map((m) => m.merchantId) : [null];
  await db.auditLog.createMany({
    data: merchantIds.map((merchantId) => ({
      id: newId("audit"),
      merchantId,
      actorType: "user" as const,
      actorId: userId,
      actorEmail: email,
      action,
      targetType: "user",
      targetId: userId,
      reason,
      details: details === undefined ? Prisma.JsonNull : (details as Prisma.InputJsonValue),
      ip,
    })),
  });
}
