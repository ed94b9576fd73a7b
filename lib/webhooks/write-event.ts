// The transactional outbox (SPEC §9): the event row is written by the same
// database transaction as the state change it reports, so it exists if and
// only if the change committed. The relay (lib/webhooks/relay.ts) moves it to
// the queue afterwards.
import type { Tx } from "@/lib/db";
import type { Transaction } from "@/lib/generated/prisma/client";
import { newId } from "@/lib/ids";
import { buildEventPayload, type TransactionEventKind } from "./event-body";

/** The outbox row of a transaction event, its body built once (lib/transactions/insert-new-transaction.ts writes it in its own statement). */
export function transactionEventRow(kind: TransactionEventKind, transaction: Transaction) {
  const id = newId("event");
  const createdAt = new Date();
  return {
    id,
    merchantId: transaction.merchantId,
    environment: transaction.environment,
    transactionId: transaction.id,
    type: kind,
    payload: JSON.stringify(buildEventPayload(id, kind, createdAt, transaction)),
    url: transaction.callbackUrl,
    createdAt,
  };
}

export async function writeTransactionEvent(tx: Tx, kind: TransactionEventKind, transaction: Transaction): Promise<string> {
  const data = transactionEventRow(kind, transaction);
  await tx.event.create({ data });
  return data.id;
}
