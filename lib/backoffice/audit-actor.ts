import { auditedBy, staffActor } from "@/lib/audit/actor";
import type { StaffUser } from "@/lib/auth/staff-user";

/** The "who" of an audit entry written by a back-office user. */
export function auditActor(actor: StaffUser, ip: string | null = null): ReturnType<typeof auditedBy> {
  return auditedBy(staffActor(actor, ip));
}
