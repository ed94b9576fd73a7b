// The audit log (SPEC §13): who did what, when, and why. Written inside the
// same database transaction as the change it records whenever there is one.
import type { Tx } from "@/lib/db";
import { db, Prisma } from "@/lib/db";
import type { ActorType, Environment } from "@/lib/generated/prisma/enums";
import { newId } from "@/lib/ids";

export interface AuditEntry {
  action: string;
  actorType: ActorType;
  actorId?: string | null;
  actorEmail?: string | null;
  merchantId?: string | null;
  environment?: Environment | null;
  targetType?: string;
  targetId?: string;
  reason?: string;
  details?: Record<string, unknown>;
  ip?: string | null;
}

export async function writeAudit(entry: AuditEntry, tx: Tx = db): Promise<void> {
  await tx.auditLog.create({
    data: {
      id: newId("audit"),
      ...entry,
      details: entry.details === undefined ? Prisma.JsonNull : (entry.details as Prisma.InputJsonValue),
    },
  });
}
