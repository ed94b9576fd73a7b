// Every status change of a transaction (SPEC §4), inside the caller's
// database transaction: one conditional UPDATE (the row must still be in the
// status we read, and that move must be in the table), one history row, one
// outbox event. Callers add their ledger postings in the same transaction
// and hand the returned event ids to afterCommit() once it has committed.
import type { Tx } from "@/lib/db";
import type { Prisma, Transaction } from "@/lib/generated/prisma/client";
import type { ActorType, TransactionStatus } from "@/lib/generated/prisma/enums";
import { AppError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { writeTransactionEvent } from "@/lib/webhooks/write-event";
import { canTransition, eventKind } from "./state-machine";

export interface Actor {
  type: ActorType;
  id?: string | null;
}

export interface TransitionOptions {
  id: string;
  to: TransactionStatus;
  actor: Actor;
  reason?: string;
  /** Other columns to set in the same UPDATE (declineCode, providerRef, ...). */
  data?: Omit<Prisma.TransactionUpdateManyMutationInput, "status" | "updatedAt">;
  /** Only move if the row still has this updatedAt (approvals: no decision on stale data). */
  expectedUpdatedAt?: Date;
  /** Only move from one of these statuses (narrower than the table), e.g. cancel only a held payout. */
  onlyFrom?: TransactionStatus[];
}

export interface TransitionResult {
  transaction: Transaction;
  from: TransactionStatus;
  eventId: string | null;
}

/** The move was not allowed, or another writer moved the transaction first. */
export class TransitionRefusedError extends AppError {
  constructor(
    readonly current: TransactionStatus | null,
    readonly to: TransactionStatus,
  ) {
    super("invalid_request", current ? `Transaction is ${current} and cannot become ${to}` : "Transaction not found");
  }
}

export async function transition(tx: Tx, opts: TransitionOptions): Promise<TransitionResult> {
  const current = await tx.transaction.findUnique({ where: { id: opts.id }, select: { status: true } });
  if (!current) throw new TransitionRefusedError(null, opts.to);
  const from = current.status;
  if (!canTransition(from, opts.to) || (opts.onlyFrom && !opts.onlyFrom.includes(from))) {
    throw new TransitionRefusedError(from, opts.to);
  }
  const { count } = await tx.transaction.updateMany({
    where: { id: opts.id, status: from, ...(opts.expectedUpdatedAt ? { updatedAt: opts.expectedUpdatedAt } : {}) },
    data: { ...opts.data, status: opts.to, updatedAt: new Date() },
  });
  if (count !== 1) {
    const now = await tx.transaction.findUnique({ where: { id: opts.id }, select: { status: true } });
    throw new TransitionRefusedError(now?.status ?? null, opts.to);
  }
  const transaction = await tx.transaction.findUniqueOrThrow({ where: { id: opts.id } });
  await recordHistory(tx, transaction.id, from, opts.to, opts.actor, opts.reason);
  const kind = eventKind(opts.to);
  const eventId = kind ? await writeTransactionEvent(tx, kind, transaction) : null;
  return { transaction, from, eventId };
}

/**
 * Writes a new transaction with its first history row and, when its first
 * status has one, its event (SPEC §4: created straight into PROCESSING emits
 * `transaction.processing`; a direct sale decided at once emits only its final event).
 */
export async function insertTransaction(
  tx: Tx,
  data: Omit<Prisma.TransactionUncheckedCreateInput, "id" | "createdAt" | "updatedAt"> & { id?: string },
  actor: Actor,
  reason?: string,
): Promise<{ transaction: Transaction; eventId: string | null }> {
  const now = new Date();
  const transaction = await tx.transaction.create({ data: { ...data, id: data.id ?? newId("transaction"), createdAt: now, updatedAt: now } });
  await recordHistory(tx, transaction.id, null, transaction.status, actor, reason);
  const kind = eventKind(transaction.status);
  const eventId = kind ? await writeTransactionEvent(tx, kind, transaction) : null;
  return { transaction, eventId };
}

async function recordHistory(tx: Tx, transactionId: string, from: TransactionStatus | null, to: TransactionStatus, actor: Actor, reason?: string) {
  await tx.transactionEvent.create({
    data: { id: newId("history"), transactionId, fromStatus: from, toStatus: to, actorType: actor.type, actorId: actor.id ?? null, reason: reason ?? null },
  });
}
