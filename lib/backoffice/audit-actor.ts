import type { AuditEntry } from "@/lib/audit/write-audit";
import type { Actor } from "./authz";

/** The "who" of an audit entry written by a back-office user. */
export function auditActor(actor: Actor, ip: string | null = null): Pick<AuditEntry, "actorType" | "actorId" | "actorEmail" | "ip"> {
  return { actorType: "user", actorId: actor.id, actorEmail: actor.email, ip };
}
