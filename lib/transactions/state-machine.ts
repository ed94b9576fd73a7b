// The transition table of SPEC §4, as data. Every status write goes through
// lib/transactions/transition.ts, which turns a row of this table into a
// conditional UPDATE (`WHERE status = ANY(allowedFrom)`), so two racing
// writers can never both move a transaction.
import type { TransactionStatus } from "@/lib/generated/prisma/enums";
import { TRANSACTION_EVENT_KINDS, type TransactionEventKind } from "@/lib/webhooks/event-body";

export const TRANSITIONS: Readonly<Record<TransactionStatus, readonly TransactionStatus[]>> = {
  CREATED: ["PROCESSING", "EXPIRED", "CANCELED"],
  PROCESSING: ["SUCCESS", "DECLINED", "CANCELED", "EXPIRED", "WAIT_APPROVE"],
  WAIT_APPROVE: ["PROCESSING", "DECLINED", "CANCELED"],
  SUCCESS: [],
  DECLINED: [],
  CANCELED: [],
  EXPIRED: [],
};

/** The statuses a transaction may be in for a move to `to` to be allowed. */
export function allowedFrom(to: TransactionStatus): TransactionStatus[] {
  return (Object.keys(TRANSITIONS) as TransactionStatus[]).filter((from) => TRANSITIONS[from].includes(to));
}

export function canTransition(from: TransactionStatus, to: TransactionStatus): boolean {
  return TRANSITIONS[from].includes(to);
}

export function isFinal(status: TransactionStatus): boolean {
  return TRANSITIONS[status].length === 0;
}

/** Webhook event kind for arriving in a status (SPEC §9). CREATED emits none. */
export function eventKind(status: TransactionStatus): TransactionEventKind | null {
  return status === "CREATED" ? null : TRANSACTION_EVENT_KINDS[status];
}
