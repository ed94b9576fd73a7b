// Who did something: the one shape every history row, audit entry and
// domain call records (SPEC §4, §13). A transaction's history keeps `type`
// and `id`; the audit log also the person's e-mail and address.
//
// Two neighbours are not actors: StaffUser (lib/auth/staff-user.ts) is the
// signed-in person with their roles, loaded from the database; StaffActor is
// the reference to one (user id, address) that a permission-checking domain
// function receives and turns into a StaffUser itself, so a caller can never
// hand in roles. Both become an Actor when they act (staffActor()).
import type { ActorType } from "@/lib/generated/prisma/enums";

export interface Actor {
  type: ActorType;
  /** The API key id, user id or job name; absent for a customer or the provider. */
  id?: string | null;
  /** A person's e-mail, kept on audit entries so they read without a join. */
  email?: string | null;
  /** Where a person's request came from, for the audit log. */
  ip?: string | null;
}

/** A back-office user acting. */
export function staffActor(user: { id: string; email: string }, ip: string | null = null): Actor {
  return { type: "user", id: user.id, email: user.email, ip };
}

/** An Actor as the audit log's columns. */
export function auditedBy(actor: Actor): { actorType: ActorType; actorId: string | null; actorEmail: string | null; ip: string | null } {
  return { actorType: actor.type, actorId: actor.id ?? null, actorEmail: actor.email ?? null, ip: actor.ip ?? null };
}
