// Every status change of a transaction (SPEC §4), inside the caller's
// database transaction: one conditional UPDATE (`status = ANY(allowedFrom)`
// of the transition table), one history row, one outbox event. Callers add
// their ledger postings in the same transaction and hand the returned event
// ids to afterCommit() once it has committed.
import type { Tx } from "@/lib/db";
import { Prisma, type Transaction } from "@/lib/generated/prisma/client";
import type { TransactionStatus } from "@/lib/generated/prisma/enums";
import type { Actor } from "@/lib/audit/actor";
import { AppError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { journalEntriesInsert, postMissingLegs, prepareUnguardedJournal, type Leg } from "@/lib/ledger/post-journal";
import { AUTHORIZED_EVENT_KIND, type TransactionEventKind } from "@/lib/webhooks/event-body";
import { transactionEventRow, writeTransactionEvent } from "@/lib/webhooks/write-event";
import { allowedFrom, eventKind } from "./state-machine";

/** The history reason of an authorization's hold being placed (SPEC §17). */
const AUTHORIZED_REASON = "authorized";

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
  /** Only move an AUTHORIZE whose hold is not placed (a checkout expiry must not lapse a hold placed meanwhile). */
  onlyUnauthorized?: boolean;
  /** The money the move itself moves (a payout paid or released, a refund reversed), from the row as moved: written with its history row. */
  journal?: (transaction: Transaction) => { kind: string; legs: Leg[] } | null;
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
  const allowed = allowedFrom(opts.to).filter((s) => !opts.onlyFrom || opts.onlyFrom.includes(s));
  const kind = eventKind(opts.to);
  const { transaction, from } = allowed.length === 1 ? await moveFromKnownStatus(tx, opts, allowed[0]!, kind !== null) : await moveFromAny(tx, opts, allowed, kind !== null);
  const eventId = await recordMove(tx, { transaction, from, actor: opts.actor, reason: opts.reason, kind, journal: opts.journal });
  return { transaction, from, eventId };
}

/**
 * SPEC §4: one conditional UPDATE (`status = $from`) that also sets the other
 * columns and returns the row (issue #28: one round trip, not two). Every
 * provider answer, hold and approval moves from one known status. A writer
 * that moved the row first is seen: PostgreSQL re-checks the condition on the
 * row's newest version before it updates.
 */
async function moveFromKnownStatus(tx: Tx, opts: TransitionOptions, from: TransactionStatus, announces: boolean): Promise<{ transaction: Transaction; from: TransactionStatus }> {
  const [transaction] = await tx.transaction.updateManyAndReturn({
    where: {
      id: opts.id,
      status: from,
      ...(opts.expectedUpdatedAt ? { updatedAt: opts.expectedUpdatedAt } : {}),
      ...(opts.onlyUnauthorized ? { authorizedAt: null } : {}),
    },
    data: { ...opts.data, status: opts.to, updatedAt: new Date(), eventSequence: { increment: announces ? 1 : 0 } },
  });
  if (!transaction) throw await refusal(tx, opts.id, opts.to);
  return { transaction, from };
}

/**
 * Several statuses may move: the subquery locks the row and reads the one it
 * moves from, for the history row, in the same statement, which returns the
 * moved row too (Prisma gives a raw row's columns the model's types: BigInt,
 * Date, Json, enums as strings).
 */
async function moveFromAny(tx: Tx, opts: TransitionOptions, allowed: TransactionStatus[], announces: boolean): Promise<{ transaction: Transaction; from: TransactionStatus }> {
  const moved = await tx.$queryRaw<(Transaction & { from: TransactionStatus })[]>`
    UPDATE "Transaction" AS t SET status = ${opts.to}::"TransactionStatus", "updatedAt" = ${new Date()},
      "eventSequence" = t."eventSequence" + ${announces ? 1 : 0}
    FROM (SELECT id, status FROM "Transaction" WHERE id = ${opts.id} FOR NO KEY UPDATE) AS before
    WHERE t.id = before.id AND before.status = ANY(${allowed}::"TransactionStatus"[])
      ${opts.expectedUpdatedAt ? Prisma.sql`AND t."updatedAt" = ${opts.expectedUpdatedAt}` : Prisma.empty}
      ${opts.onlyUnauthorized ? Prisma.sql`AND t."authorizedAt" IS NULL` : Prisma.empty}
    RETURNING t.*, before.status::text AS "from"`;
  if (moved.length !== 1) throw await refusal(tx, opts.id, opts.to);
  const { from, ...transaction } = moved[0]!;
  return { transaction: await withData(tx, transaction, opts.data), from };
}

/**
 * The moved row with the caller's other columns set. They are Prisma update
 * inputs (operations, Json, nulls of either kind), so Prisma writes them and
 * returns the row; with none, the move's own RETURNING is the row, read no
 * more.
 */
async function withData(tx: Tx, moved: Transaction, data: TransitionOptions["data"]): Promise<Transaction> {
  return data && Object.keys(data).length > 0 ? tx.transaction.update({ where: { id: moved.id }, data }) : moved;
}

/**
 * Writes a new transaction with its first history row and, when its first
 * status has one, its event (SPEC §4: created straight into PROCESSING emits
 * `transaction.processing`; a direct sale decided at once emits only its final
 * event; a direct authorization whose hold is placed at once emits only
 * `transaction.authorized`, SPEC §17).
 */
export async function insertTransaction(
  tx: Tx,
  data: NewTransactionData,
  actor: Actor,
  reason?: string,
  /**
   * false: no event yet. A live connector's direct sale is written PROCESSING
   * before the provider is asked (the durable intent, SPEC §21); like any
   * direct sale it then emits only its final event, or `transaction.processing`
   * (announceProcessing) when the answer leaves it open.
   */
  { announce = true }: { announce?: boolean } = {},
): Promise<{ transaction: Transaction; eventId: string | null }> {
  const now = new Date();
  const held = data.authorizedAt !== null && data.authorizedAt !== undefined;
  const kind = !announce ? null : held ? AUTHORIZED_EVENT_KIND : eventKind(data.status);
  const transaction = await tx.transaction.create({ data: { ...data, id: data.id ?? newId("transaction"), createdAt: now, updatedAt: now, eventSequence: kind ? 1 : 0 } });
  const eventId = await recordMove(tx, { transaction, from: null, actor, reason: held ? AUTHORIZED_REASON : reason, kind });
  return { transaction, eventId };
}

/** The columns a new transaction is given; the rest take their defaults (newTransactionRow). */
export type NewTransactionData = Omit<Prisma.TransactionUncheckedCreateInput, "id" | "createdAt" | "updatedAt"> & { id?: string };

/**
 * A new transaction exactly as the database will hold it, every column
 * filled (the schema's defaults where `data` has none): for a write that
 * sends the row in its own SQL and needs the row back without reading it
 * (lib/transactions/insert-new-transaction.ts). Typed as the whole model, so a column
 * added to the schema does not compile until it is given its default here.
 */
export function newTransactionRow(data: NewTransactionData, now: Date, eventSequence: number): Transaction {
  const json = (v: unknown) => (v === undefined || v === Prisma.DbNull || v === Prisma.JsonNull ? null : (v as Transaction["metadata"]));
  const row: Transaction = {
    id: data.id ?? newId("transaction"),
    merchantId: data.merchantId,
    environment: data.environment,
    action: data.action,
    status: data.status,
    amount: BigInt(data.amount),
    currency: data.currency,
    orderId: data.orderId,
    orderKey: data.orderKey ?? null,
    buyerId: data.buyerId,
    customerId: data.customerId ?? null,
    paymentMethod: data.paymentMethod,
    paymentMethodId: data.paymentMethodId ?? null,
    methodType: data.methodType ?? null,
    parentId: data.parentId ?? null,
    declineCode: data.declineCode ?? null,
    declineMessage: data.declineMessage ?? null,
    cardBrand: data.cardBrand ?? null,
    cardLast4: data.cardLast4 ?? null,
    cardExpMonth: data.cardExpMonth ?? null,
    cardExpYear: data.cardExpYear ?? null,
    refundedAmount: BigInt(data.refundedAmount ?? 0),
    metadata: json(data.metadata),
    locale: data.locale ?? null,
    successUrl: data.successUrl ?? null,
    failureUrl: data.failureUrl ?? null,
    returnUrl: data.returnUrl ?? null,
    callbackUrl: data.callbackUrl ?? null,
    destination: json(data.destination),
    customerDetails: json(data.customerDetails),
    checkoutTokenHash: data.checkoutTokenHash ?? null,
    checkoutAttempts: data.checkoutAttempts ?? 0,
    expiresAt: date(data.expiresAt),
    provider: data.provider ?? null,
    providerRef: data.providerRef ?? null,
    providerState: json(data.providerState),
    holdReason: data.holdReason ?? null,
    requiredApprovals: data.requiredApprovals ?? 1,
    createdAt: now,
    updatedAt: now,
    screenedAt: date(data.screenedAt),
    authorizedAt: date(data.authorizedAt),
    captureBefore: date(data.captureBefore),
    capturedAmount: BigInt(data.capturedAmount ?? 0),
    capturedAt: date(data.capturedAt),
    eventSequence,
    connectorId: data.connectorId ?? null,
  };
  return row;
}

const date = (v: Date | string | null | undefined) => (v === null || v === undefined ? null : new Date(v));

/**
 * SPEC §17: an AUTHORIZE awaiting its customer gets its hold. Not a status
 * change (it stays PROCESSING), but recorded like one: one conditional UPDATE
 * (still PROCESSING and not yet authorized, so a void or an expiry that won
 * the race stands), a PROCESSING → PROCESSING history row with reason
 * `authorized`, and the `transaction.authorized` event. `captureBefore` is
 * computed in the same statement from the merchant's
 * authorizationValidityDays, so the deadline and the hold cannot disagree.
 */
export async function recordAuthorization(tx: Tx, opts: { id: string; actor: Actor; at?: Date; data?: TransitionOptions["data"] }): Promise<TransitionResult> {
  const at = opts.at ?? new Date();
  const moved = await tx.$queryRaw<Transaction[]>`
    UPDATE "Transaction" AS t SET "authorizedAt" = ${at}, "updatedAt" = ${at}, "eventSequence" = t."eventSequence" + 1,
      "captureBefore" = ${at}::timestamptz + make_interval(days => (
        SELECT COALESCE(MAX(s."authorizationValidityDays"), 7) FROM "MerchantSettings" s WHERE s."merchantId" = t."merchantId" AND s.environment = t.environment))
    WHERE t.id = ${opts.id} AND t.action = 'AUTHORIZE' AND t.status = 'PROCESSING' AND t."authorizedAt" IS NULL
    RETURNING t.*`;
  if (moved.length !== 1) throw await refusal(tx, opts.id, "PROCESSING");
  const transaction = await withData(tx, moved[0]!, opts.data);
  const eventId = await recordMove(tx, { transaction, from: "PROCESSING", actor: opts.actor, reason: AUTHORIZED_REASON, kind: AUTHORIZED_EVENT_KIND });
  return { transaction, from: "PROCESSING", eventId: eventId! };
}

/**
 * A transaction written PROCESSING without its event (insertTransaction with
 * announce: false) stays open after all — the customer must act, or the
 * provider's answer is pending or unknown: `transaction.processing` now, with
 * `data` (a checkout opened for the customer) in the same UPDATE. Once per
 * transaction: a transaction that already has an event is left as it is.
 */
export async function announceProcessing(tx: Tx, opts: { id: string; data?: TransitionOptions["data"] }): Promise<{ transaction: Transaction; eventId: string | null }> {
  const [announced] = await tx.$queryRaw<Transaction[]>`
    UPDATE "Transaction" SET "eventSequence" = 1, "updatedAt" = ${new Date()}
    WHERE id = ${opts.id} AND status = 'PROCESSING' AND "eventSequence" = 0
    RETURNING *`;
  // The row as both updates left it, read again only when neither returned it (no longer PROCESSING, or announced before and no data).
  const [updated] = opts.data && Object.keys(opts.data).length > 0 ? await tx.transaction.updateManyAndReturn({ where: { id: opts.id, status: "PROCESSING" }, data: opts.data }) : [announced];
  const transaction = updated ?? (await tx.transaction.findUniqueOrThrow({ where: { id: opts.id } }));
  if (!announced) return { transaction, eventId: null };
  return { transaction, eventId: await writeTransactionEvent(tx, eventKind("PROCESSING")!, transaction) };
}

/** Why a conditional move matched no row: the status the transaction has now (or that it does not exist). */
async function refusal(tx: Tx, id: string, to: TransactionStatus): Promise<TransitionRefusedError> {
  const now = await tx.transaction.findUnique({ where: { id }, select: { status: true } });
  return new TransitionRefusedError(now?.status ?? null, to);
}

/**
 * The move's history row (from, to = the row's status now, actor, reason) and, when the move has them, its outbox
 * event and its ledger entries, in one statement (issue #28: one round trip, not two or three). Returns the event's id.
 */
async function recordMove(tx: Tx, move: { transaction: Transaction; from: TransactionStatus | null; actor: Actor; reason?: string; kind: TransactionEventKind | null; journal?: TransitionOptions["journal"] }): Promise<string | null> {
  const { transaction: t, actor } = move;
  const event = move.kind ? transactionEventRow(move.kind, t) : null;
  const legs = move.journal?.(t);
  const journal = legs ? prepareUnguardedJournal({ ...legs, environment: t.environment, currency: t.currency, transactionId: t.id }) : null;
  const entries = await tx.$queryRaw<{ id: string | null }[]>`
    WITH history AS (
      INSERT INTO "TransactionEvent" (id, "transactionId", "fromStatus", "toStatus", "actorType", "actorId", reason, "createdAt")
      VALUES (${newId("history")}, ${t.id}, ${move.from}::"TransactionStatus", ${t.status}::"TransactionStatus", ${actor.type}::"ActorType", ${actor.id ?? null}, ${move.reason ?? null}, ${event?.createdAt ?? new Date()})
    )${event ? Prisma.sql`,
    event AS (
      INSERT INTO "Event" (id, "merchantId", environment, "transactionId", type, payload, url, "createdAt")
      VALUES (${event.id}, ${event.merchantId}, ${event.environment}::"Environment", ${event.transactionId}, ${event.type}, ${event.payload}, ${event.url}, ${event.createdAt})
    )` : Prisma.empty}${journal ? Prisma.sql`,
    ledger AS (${journalEntriesInsert(journal)})
    SELECT id FROM ledger` : Prisma.sql`
    SELECT NULL::text AS id`}`;
  // A first posting to an account (its row does not exist yet) was left out: opened and posted now, in the same database transaction.
  if (journal) await postMissingLegs(tx, journal, entries.map((e) => e.id!));
  return event?.id ?? null;
}
