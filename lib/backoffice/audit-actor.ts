import type { AuditEntry } from "@/lib/audit/write-audit";
import type { StaffUser } from "@/lib/auth/staff-user";

/** The "who" of an audit entry written by a back-office user. */
export function auditActor(actor: StaffUser, ip: string | null = null): Pick<AuditEntry, "actorType" | "actorId" | "actorEmail" | "ip"> {
  return { actorType: "user", actorId: actor.id, actorEmail: actor.email, ip };
}
