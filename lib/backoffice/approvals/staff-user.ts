import type { StaffUser } from "@/lib/auth/staff-actor";
import type { Actor } from "../authz";

/** The back-office Actor in the shape the approval rules (canDecideHold) read. */
export function staffUserOf(actor: Actor): StaffUser {
  return {
    id: actor.id,
    email: actor.email,
    platformRole: actor.isOperator ? "OPERATOR" : null,
    memberships: actor.memberships.map((m) => ({ merchantId: m.merchantId, role: m.role })),
  };
}
