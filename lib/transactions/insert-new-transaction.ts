// A new transaction with everything that commits with it, written as ONE SQL
// statement (issue #28, SPEC §16): a SALE or AUTHORIZE, a PAYOUT or a REFUND.
// The customer (found, created or its sent fields recorded), the transaction,
// its first history row, its outbox event, its ledger postings and the
// Idempotency-Key's stored response. Data-modifying CTEs of one statement
// commit or roll back together exactly as an interactive transaction would,
// but cost one round trip instead of seven to thirteen, and no connection
// sits "idle in transaction" (holding a merchant's balance lock) while the web
// process builds the next statement.
//
// Every value is computed here first (ids, the transaction row as Prisma
// would return it, the event body, the response to store), so nothing needs
// to be read back. A check that cannot be made before the statement runs
// fails it from inside with sluice_assert() (migration
// sale_in_one_statement), which rolls the whole statement back:
// - the journal's ledger accounts do not exist yet (first posting of a
//   merchant in a currency): they are opened and the statement sent again;
// - a concurrent first request of the same buyer created the customer after
//   this statement's snapshot: sent again, it finds that row;
// - this request's Idempotency-Key claim was taken over: the effect is refused;
// - a refund's claim on its sale matched no row (another refund took the rest);
// - a guard that needs a lock and a read after it (the payout limit, a
//   guarded debit: migration guarded_debit_in_one_statement) refused.
//
// Locks, in one order so two of these statements never deadlock: a refund's
// sale row (its conditional UPDATE), or a payout's per-customer limit lock,
// then the guarded account — each CTE reads the one before it, which is
// what makes PostgreSQL run them in that order.
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { Prisma, type Transaction } from "@/lib/generated/prisma/client";
import type { Actor } from "@/lib/audit/actor";
import { customerCtes } from "@/lib/customers/upsert-customer";
import type { TCustomerInput } from "@/lib/customers/schemas";
import { idempotentEffectResponse, IdempotencyClaimLostError } from "@/lib/idempotency/idempotent-effect";
import { newId } from "@/lib/ids";
import { InsufficientBalanceError, openAccounts, prepareJournal, type Leg, type ResolvedLeg } from "@/lib/ledger/post-journal";
import { transactionEventRow } from "@/lib/webhooks/write-event";
import { AUTHORIZED_EVENT_KIND } from "@/lib/webhooks/event-body";
import { eventKind } from "./state-machine";
import { newTransactionRow, type NewTransactionData } from "./transition";
import { withOrderIdGuard } from "./order-id";

export interface InsertNewTransactionOptions {
  data: NewTransactionData & { id: string };
  /** The buyer to find or create in the statement (a sale, a payout); without it `data.customerId` is used as given (a refund). */
  customer?: { buyerId: string; details?: TCustomerInput };
  actor: Actor;
  /** The journal that commits with the transaction (a successful sale, a payout's reserve, a refund), from the row as written. */
  postings?: (transaction: Transaction) => { kind: string; legs: Leg[] } | null;
  checkoutUrl?: string;
  /** A refund: its sale's refundedAmount grows in the same statement, only while the total stays within what was taken. */
  refund?: { saleId: string; amount: bigint; refused: () => Error };
  /** A payout: the customer's daily payout limit, counted from this UTC day's start under the customer's lock. */
  payoutLimitSince?: Date;
}

/** Rolled back from inside the statement by sluice_assert(code); see the file comment. */
const retryable = new Set(["ledger_accounts_missing", "customer_race"]);

export async function insertNewTransaction({ data, customer, actor, postings, checkoutUrl, refund, payoutLimitSince }: InsertNewTransactionOptions): Promise<{ transaction: Transaction; eventId: string | null }> {
  const now = new Date();
  const held = data.authorizedAt !== null && data.authorizedAt !== undefined;
  const kind = held ? AUTHORIZED_EVENT_KIND : eventKind(data.status);
  const transaction = newTransactionRow(data, now, kind ? 1 : 0);
  const event = kind ? transactionEventRow(kind, transaction) : null;
  const journalLegs = postings?.(transaction) ?? null;
  const journal = journalLegs ? { kind: journalLegs.kind, ...prepareJournal({ ...journalLegs, environment: transaction.environment, currency: transaction.currency }) } : null;
  // Already in key order (prepareJournal), the one lock order of guarded accounts.
  const guards = (journal?.legs ?? []).filter((l) => l.guardNonNegative && l.amount < 0n);
  const idempotency = idempotentEffectResponse(transaction, checkoutUrl);
  const history = { id: newId("history"), reason: held ? "authorized" : null };
  const customerId = customer
    ? Prisma.sql`(SELECT id FROM customer)`
    : Prisma.sql`${transaction.customerId}`;
  const statement = () =>
    db.$queryRaw<{ ok: boolean }[]>`
    WITH ${customer ? Prisma.sql`${customerCtes({ merchantId: transaction.merchantId, environment: transaction.environment, buyerId: customer.buyerId, details: customer.details })},` : Prisma.empty}
    ${refund ? Prisma.sql`claimed AS (
      UPDATE "Transaction" SET "refundedAmount" = "refundedAmount" + ${refund.amount}, "updatedAt" = ${now}
      WHERE id = ${refund.saleId} AND status = 'SUCCESS'
        AND "refundedAmount" + ${refund.amount} <= CASE WHEN action = 'AUTHORIZE' THEN "capturedAmount" ELSE amount END
      RETURNING id
    ),` : Prisma.empty}
    created AS (
      INSERT INTO "Transaction" (${Prisma.join(COLUMNS.map((c) => Prisma.raw(`"${c}"`)))})
      VALUES (${Prisma.join(COLUMNS.map((c) => (c === "customerId" ? customerId : value(transaction, c))))})
      RETURNING id
    ),
    history AS (
      INSERT INTO "TransactionEvent" (id, "transactionId", "fromStatus", "toStatus", "actorType", "actorId", reason, "createdAt")
      VALUES (${history.id}, ${transaction.id}, NULL, ${transaction.status}::"TransactionStatus", ${actor.type}::"ActorType", ${actor.id ?? null}, ${history.reason}, ${now})
    )${event ? Prisma.sql`,
    event AS (
      INSERT INTO "Event" (id, "merchantId", environment, "transactionId", type, payload, url, "createdAt")
      VALUES (${event.id}, ${event.merchantId}, ${event.environment}::"Environment", ${event.transactionId}, ${event.type}, ${event.payload}, ${event.url}, ${event.createdAt})
    )` : Prisma.empty},
    gate AS (${
      refund
        ? Prisma.sql`SELECT id FROM claimed`
        : payoutLimitSince
          ? Prisma.sql`SELECT sluice_payout_limit(${transaction.merchantId}::text, ${transaction.environment}::"Environment", ${transaction.buyerId}::text, ${transaction.id}::text, ${transaction.amount}::bigint, ${payoutLimitSince}::timestamptz)`
          : Prisma.sql`SELECT 1`
    }),
    guard AS (
      SELECT sluice_guard_debit(g.key, g.amount::bigint, ${journal?.journalId ?? ""}::text) AS id
      FROM gate, unnest(${guards.map((l) => l.key)}::text[], ${guards.map((l) => l.amount.toString())}::text[]) AS g(key, amount)
    ),
    ledger AS (
      INSERT INTO "LedgerEntry" (id, "journalId", "transactionId", "accountId", environment, currency, amount, kind)
      SELECT v.id, ${journal?.journalId ?? null}, ${transaction.id}, a.id, ${transaction.environment}::"Environment", ${transaction.currency}, v.amount::bigint, ${journal?.kind ?? null}
      FROM unnest(${ids(journal?.legs)}::text[], ${keys(journal?.legs)}::text[], ${amounts(journal?.legs)}::text[]) AS v(id, key, amount)
      JOIN "LedgerAccount" a ON a.key = v.key
      -- After the gate and every guard (this condition reads them first); nothing when the gate refused.
      WHERE (SELECT count(*) FROM guard) = ${guards.length} AND EXISTS (SELECT 1 FROM gate)
      RETURNING id
    ),
    idempotency AS (
      UPDATE "IdempotencyRecord" SET state = 'completed', "responseStatus" = ${idempotency?.response.status ?? null}::int, "responseBody" = ${idempotency?.response.body ?? null}, "completedAt" = now()
      WHERE id = ${idempotency?.recordId ?? null} AND (state = 'in_progress' OR ${idempotency?.replaces ?? false})
      RETURNING id
    )
    -- CASE, not AND: the checks run in this order, so a refused gate is reported as itself, not as missing ledger rows.
    SELECT CASE
      ${customer ? Prisma.sql`WHEN (SELECT count(*) FROM customer) <> 1 THEN sluice_assert(false, 'customer_race')` : Prisma.empty}
      WHEN NOT EXISTS (SELECT 1 FROM gate) THEN sluice_assert(false, 'gate_refused')
      WHEN (SELECT count(*) FROM ledger) <> ${journal?.legs.length ?? 0} THEN sluice_assert(false, 'ledger_accounts_missing')
      ELSE sluice_assert(${idempotency === null} OR EXISTS (SELECT 1 FROM idempotency)
        OR EXISTS (SELECT 1 FROM "IdempotencyRecord" WHERE id = ${idempotency?.recordId ?? null} AND state = 'completed'), 'idempotency_claim_lost')
    END AS ok`;

  for (let attempt = 1; ; attempt++) {
    try {
      await withOrderIdGuard(statement);
      break;
    } catch (error) {
      const code = assertion(error);
      if (code === "idempotency_claim_lost") throw new IdempotencyClaimLostError();
      if (code === "insufficient_balance") throw new InsufficientBalanceError();
      if (code === "payout_limit_exceeded") throw new AppError("invalid_request", "Payout limit exceeded");
      if (code === "gate_refused" && refund) throw refund.refused();
      if (!code || !retryable.has(code) || attempt >= 3) throw error;
      if (code === "ledger_accounts_missing") await openAccounts(db, journal!.legs, transaction.environment, transaction.currency);
    }
  }
  idempotency?.stored();
  return { transaction, eventId: event?.id ?? null };
}

/** The Transaction columns written, in one fixed order: every column of the model (newTransactionRow fills them all). */
const COLUMNS = Object.keys(newTransactionRow({ id: "", merchantId: "", environment: "sandbox", action: "SALE", status: "SUCCESS", amount: 0n, currency: "", orderId: "", buyerId: "", paymentMethod: "" }, new Date(), 0)) as (keyof Transaction)[];

/** Casts the statement needs: VALUES infers the column's type for plain parameters, but not through a JSON or enum text. */
const CASTS: Partial<Record<keyof Transaction, string>> = {
  environment: "Environment",
  action: "TransactionAction",
  status: "TransactionStatus",
  methodType: "PaymentMethodType",
  metadata: "jsonb",
  destination: "jsonb",
  customerDetails: "jsonb",
  providerState: "jsonb",
};

function value(t: Transaction, column: keyof Transaction): Prisma.Sql {
  const v = t[column];
  const cast = CASTS[column];
  if (cast === "jsonb") return v === null ? Prisma.sql`NULL` : Prisma.sql`${JSON.stringify(v)}::jsonb`;
  if (cast) return v === null ? Prisma.sql`NULL` : Prisma.sql`${v}::${Prisma.raw(`"${cast}"`)}`;
  return Prisma.sql`${v}`;
}

const ids = (legs?: ResolvedLeg[]) => (legs ?? []).map((l) => l.entryId);
const keys = (legs?: ResolvedLeg[]) => (legs ?? []).map((l) => l.key);
const amounts = (legs?: ResolvedLeg[]) => (legs ?? []).map((l) => l.amount.toString());

/** The code of a sluice_assert() that failed the statement, if that is what failed it. */
function assertion(error: unknown): string | null {
  const text = error instanceof Error ? `${error.message} ${JSON.stringify((error as { meta?: unknown }).meta ?? {})}` : "";
  return /sluice_assert:([a-z_]+)/.exec(text)?.[1] ?? null;
}
