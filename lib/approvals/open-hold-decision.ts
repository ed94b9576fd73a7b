// What either decision on a held transaction (approve, reject) does before it
// writes: the reason checked, the approver resolved, the checks of
// load-held-transaction.ts, and the audit fields naming who decided about
// which transaction and why — the same for both, so their audit rows match.
import type { AuditEntry } from "@/lib/audit/write-audit";
import { requireStaffUser, type StaffActor, type StaffUser } from "@/lib/auth/staff-user";
import type { Transaction } from "@/lib/generated/prisma/client";
import { decisionReason } from "./decision-reason";
import { loadHeldTransaction } from "./load-held-transaction";

export interface DecideHoldOptions {
  actor: StaffActor;
  transactionId: string;
  reason: string;
  /** The transaction's updatedAt as the approver saw it. */
  seenUpdatedAt: Date;
}

export interface OpenedHoldDecision {
  /** The decision's reason, checked. */
  why: string;
  user: StaffUser;
  held: Transaction;
  /** The decision's audit entry but for its action and details. */
  audit: Omit<AuditEntry, "action" | "details">;
}

export async function openHoldDecision({ actor, transactionId, reason, seenUpdatedAt }: DecideHoldOptions): Promise<OpenedHoldDecision> {
  const why = decisionReason(reason);
  const user = await requireStaffUser(actor);
  const held = await loadHeldTransaction({ user, transactionId, seenUpdatedAt });
  const audit = {
    actorType: "user" as const,
    actorId: user.id,
    actorEmail: user.email,
    merchantId: held.merchantId,
    environment: held.environment,
    targetType: "transaction",
    targetId: held.id,
    reason: why,
    ip: actor.ip ?? null,
  };
  return { why, user, held, audit };
}
