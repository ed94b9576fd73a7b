// Moving a transaction to a final status, with its money (SPEC §4, §6). The
// checkout, the payout pipeline, the sandbox simulator endpoint, approvals and
// the API's cancel all finish transactions through these three functions, so
// the ledger rule for each (action, final status) pair lives in one place.
// An authorization's hold (SPEC §17) is placed here too: no status change and
// no money, but the same one database transaction for row, history and event.
import { db, type Tx } from "@/lib/db";
import { commitIdempotentEffect } from "@/lib/idempotency/idempotent-effect";
import type { Transaction } from "@/lib/generated/prisma/client";
import type { TransactionStatus } from "@/lib/generated/prisma/enums";
import { chargebackReversedJournal, payoutReleasedJournal, payoutSucceededJournal, postProviderFee, postSaleSucceeded, refundReversedJournal, saleFee } from "@/lib/ledger/postings";
import type { CardSummary, ProviderFee } from "@/lib/providers/types";
import type { TransactionDeclineCode } from "@/lib/schema/decline-codes";
import { afterCommit } from "@/lib/webhooks/after-commit";
import { cardColumns } from "./card-columns";
import { MONEY_TRANSACTION_OPTIONS } from "./money-transaction-options";
import type { Actor } from "@/lib/audit/actor";
import { recordAuthorization, transition } from "./transition";

export interface FinishOptions {
  id: string;
  actor: Actor;
  reason?: string;
  /** Restrict the statuses the move may start from (e.g. cancel only a held payout). */
  onlyFrom?: TransactionStatus[];
  /** No decision on stale data: the row must still have this updatedAt. */
  expectedUpdatedAt?: Date;
  /** Only an AUTHORIZE whose hold is not placed (the customer cancelling on the checkout). */
  onlyUnauthorized?: boolean;
  /** Rows that belong to the same decision (an approver's record, its audit entry), written in the same database transaction. */
  inTransaction?: (tx: Tx, transaction: Transaction) => Promise<void>;
}

async function run<T extends { transaction: Transaction; eventId: string | null }>(opts: FinishOptions, work: (tx: Tx) => Promise<T>): Promise<Transaction> {
  const result = await db.$transaction(async (tx) => {
    const r = await work(tx);
    if (opts.inTransaction) await opts.inTransaction(tx, r.transaction);
    await commitIdempotentEffect(tx, r.transaction);
    return r;
  }, MONEY_TRANSACTION_OPTIONS);
  await afterCommit([result.eventId]);
  return result.transaction;
}

/** What a provider's approval writes on the row: its reference (when it gave one) and the card summary. */
const providerColumns = (opts: { providerRef?: string; card?: CardSummary }) => ({ ...(opts.providerRef ? { providerRef: opts.providerRef } : {}), ...cardColumns(opts.card) });

/**
 * PROCESSING → SUCCESS. A SALE credits the merchant; an AUTHORIZE is captured
 * (`capturedAmount`, required for it) and credits exactly as a sale of that
 * amount; a PAYOUT leaves reserved for the provider; a REFUND is already paid.
 */
export async function succeedTransaction(opts: FinishOptions & { providerRef?: string; card?: CardSummary; capturedAmount?: bigint; fee?: ProviderFee }): Promise<Transaction> {
  return run(opts, async (tx) => {
    const data = {
      ...providerColumns(opts),
      ...(opts.capturedAmount !== undefined ? { capturedAmount: opts.capturedAmount, capturedAt: new Date() } : {}),
    };
    // A payout's money leaves reserved for the provider in the move's own statement.
    const r = await transition(tx, { ...opts, to: "SUCCESS", data, journal: (t) => (t.action === "PAYOUT" ? payoutSucceededJournal(t) : null) });
    const t = r.transaction;
    // Only a placed hold is captured, and the capture says how much (its event already carries it). A programming
    // error otherwise: throwing rolls the move back.
    if (t.action === "AUTHORIZE" && (!t.authorizedAt || opts.capturedAmount === undefined)) throw new Error(`AUTHORIZE ${t.id} cannot succeed without a hold and a captured amount`);
    if (t.action === "SALE" || t.action === "AUTHORIZE") {
      const amount = t.action === "AUTHORIZE" ? t.capturedAmount : t.amount;
      const pricing = t.paymentMethodId ? await tx.paymentMethod.findUnique({ where: { id: t.paymentMethodId }, select: { feeFixed: true, feeBasisPoints: true } }) : null;
      await postSaleSucceeded(tx, { ...t, amount }, saleFee(amount, pricing));
      // What the provider kept of it (a live connector's fee), in the same transaction as the money it belongs to.
      if (opts.fee && opts.fee.amount !== 0n) await postProviderFee(tx, t, opts.fee);
    }
    return r;
  });
}

/** An AUTHORIZE's hold is placed (SPEC §17): still PROCESSING, `authorizedAt` and `captureBefore` set, `transaction.authorized` sent. */
export async function authorizeTransaction(opts: FinishOptions & { providerRef?: string; card?: CardSummary }): Promise<Transaction> {
  return run(opts, (tx) => recordAuthorization(tx, { id: opts.id, actor: opts.actor, data: providerColumns(opts) }));
}

/**
 * → DECLINED with a decline code. A PAYOUT's reserve is released; a REFUND's
 * money returns to available; a CHARGEBACK declined is a dispute the merchant
 * won, and its money returns to available too.
 */
export async function declineTransaction(opts: FinishOptions & { code: TransactionDeclineCode; message: string; card?: CardSummary }): Promise<Transaction> {
  return run(opts, async (tx) => {
    const data = {
      declineCode: opts.code,
      declineMessage: opts.message,
      ...cardColumns(opts.card),
    };
    const r = await transition(tx, { ...opts, to: "DECLINED", data, journal: releasedJournal });
    if (r.transaction.action === "REFUND") await restoreRefundable(tx, r.transaction);
    return r;
  });
}

/** → CANCELED (customer on checkout, merchant via API, or a held payout). A PAYOUT's reserve is released. */
export async function cancelTransaction(opts: FinishOptions): Promise<Transaction> {
  return run(opts, (tx) => transition(tx, { ...opts, to: "CANCELED", journal: releasedJournal }));
}

/**
 * → EXPIRED: a checkout not completed in time, or an authorization's hold not
 * captured in time (SPEC §4, §17). No money moves; a placed hold is released
 * at the provider by the caller (releaseHold), after the commit.
 */
export async function expireTransaction(opts: FinishOptions): Promise<Transaction> {
  return run(opts, (tx) => transition(tx, { ...opts, to: "EXPIRED" }));
}

/** The money a decline or a cancel gives back, written with the move (lib/transactions/transition.ts). */
function releasedJournal(t: Transaction) {
  if (t.action === "PAYOUT") return payoutReleasedJournal(t);
  if (t.action === "REFUND") return refundReversedJournal(t);
  if (t.action === "CHARGEBACK") return chargebackReversedJournal(t);
  return null;
}

/** A declined refund gives its amount back to the sale's refundable balance. */
async function restoreRefundable(tx: Tx, refund: Transaction): Promise<void> {
  if (refund.parentId) await tx.transaction.update({ where: { id: refund.parentId }, data: { refundedAmount: { decrement: refund.amount } } });
}
