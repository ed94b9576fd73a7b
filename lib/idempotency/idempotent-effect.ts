// Idempotency that commits with its effect (SPEC §10, §20; the "atomic
// phases" design). A money-moving request — sale, payout, refund, cancel,
// simulate — stores its response in the same database transaction as its
// effect: the domain function calls commitIdempotentEffect(tx, transaction)
// inside that transaction, and the route's `respond` turns the transaction
// into the exact response. So after any crash a retry finds either the stored
// response or nothing done; there is no window in which the money moved but
// the key does not say so.
//
// The UPDATE only applies while this request's own claim is in progress
// (its record id is new per claim): if the claim was taken over because this
// request's process was presumed dead, the effect is refused and rolls back,
// so no key can ever produce two effects.
//
// The scope travels in AsyncLocalStorage, so domain functions stay free of
// HTTP: outside an API request (worker, checkout, back office) the call is a
// no-op.
import { AsyncLocalStorage } from "node:async_hooks";
import type { Tx } from "@/lib/db";
import { AppError } from "@/lib/errors";
import type { Transaction } from "@/lib/generated/prisma/client";

export interface StoredResponse {
  status: number;
  body: string;
}

export interface IdempotentEffectScope {
  recordId: string;
  /** The route's response for the transaction its request created or moved. */
  respond: (transaction: Transaction, checkoutUrl?: string) => StoredResponse;
  /** Set when this request's effect wrote the response (valid once its transaction committed). */
  committed?: StoredResponse;
  /** The stored response is provisional: this request's next effect replaces it (see commitIdempotentEffect). */
  provisional?: boolean;
}

const scopes = new AsyncLocalStorage<IdempotentEffectScope>();

export function runInIdempotentScope<T>(scope: IdempotentEffectScope, work: () => Promise<T>): Promise<T> {
  return scopes.run(scope, work);
}

export class IdempotencyClaimLostError extends AppError {
  constructor() {
    super("idempotency_in_progress", "A request with this Idempotency-Key is still in progress; retry later");
  }
}

/**
 * For an effect written as one statement (lib/transactions/insert-new-transaction.ts):
 * the record to complete and the response to store, computed as
 * commitIdempotentEffect does; `stored` marks it done once the statement
 * has committed. Null outside an idempotent request.
 */
export function idempotentEffectResponse(transaction: Transaction, checkoutUrl?: string): { recordId: string; response: StoredResponse; replaces: boolean; stored: () => void } | null {
  const scope = scopes.getStore();
  if (!scope) return null;
  const response = scope.respond(transaction, checkoutUrl);
  return {
    recordId: scope.recordId,
    response,
    replaces: scope.provisional === true,
    stored: () => {
      scope.committed = response;
      scope.provisional = false;
    },
  };
}

/**
 * Inside the effect's database transaction: stores the request's response on
 * its Idempotency-Key record. Later effects of the same request (a refund
 * confirmed at once) find the response already stored and leave it.
 *
 * `provisional`: a payment through a live connector is written before the
 * provider is asked (SPEC §21), and the request may die while it waits. Its
 * first effect stores "201 PROCESSING" so a retry after such a crash replays
 * that (the outcome follows by webhook) instead of running the sale again;
 * the same request's next effect — the provider's answer — replaces it.
 */
export async function commitIdempotentEffect(tx: Tx, transaction: Transaction, checkoutUrl?: string, { provisional = false }: { provisional?: boolean } = {}): Promise<void> {
  const scope = scopes.getStore();
  if (!scope) return;
  const response = scope.respond(transaction, checkoutUrl);
  const replaces = scope.provisional === true;
  const stored = await tx.$executeRaw`
    UPDATE "IdempotencyRecord" SET state = 'completed', "responseStatus" = ${response.status}, "responseBody" = ${response.body}, "completedAt" = now()
    WHERE id = ${scope.recordId} AND (state = 'in_progress' OR ${replaces})`;
  if (stored === 1) {
    scope.committed = response;
    scope.provisional = provisional;
    return;
  }
  const [record] = await tx.$queryRaw<{ state: string }[]>`SELECT state::text FROM "IdempotencyRecord" WHERE id = ${scope.recordId}`;
  if (record?.state === "completed") return;
  // Our claim is gone: another request holds the key now. Roll this effect back.
  throw new IdempotencyClaimLostError();
}
