// The seed's PaymentResponse `{status: true, transaction, url?}`: the success
// body of every POST that creates or moves a transaction (SPEC §5). The
// *Result functions give a route's whole answer for the transaction its
// request created or moved; they are also what the route stores with the
// effect for idempotent replay (lib/idempotency/idempotent-effect.ts), so
// they depend on the transaction alone.
import { AppError, errorBody, type ErrorFamily } from "@/lib/errors";
import type { Transaction } from "@/lib/generated/prisma/client";
import { serializeTransaction } from "@/lib/api-objects/serialize-transaction";

export function paymentResponse({ transaction, url }: { transaction: Transaction; url?: string }) {
  return { status: true as const, transaction: serializeTransaction(transaction), ...(url ? { url } : {}) };
}

/** `status` and PaymentResponse for a transaction (payouts, refunds, cancels, simulations). */
export function paymentResult(status: number) {
  return (transaction: Transaction) => ({ status, body: paymentResponse({ transaction }) });
}

/**
 * A created sale: 201 with the checkout `url` while it awaits the customer (the URL comes from
 * the request that created it: only the token's hash is stored, so it cannot be rebuilt later),
 * or the seed's one error-shaped decline, 500 `processing_error` carrying the
 * stored DECLINED transaction.
 */
export function saleResult(family: ErrorFamily) {
  return (transaction: Transaction, checkoutUrl?: string) => {
    if (transaction.status === "DECLINED" && transaction.declineCode === "processing_error") {
      const error = new AppError("internal_error", transaction.declineMessage ?? "Processing error", {
        status: 500,
        extra: { code: "processing_error", transaction: serializeTransaction(transaction) },
      });
      return errorBody(error, family);
    }
    const awaitsCustomer = transaction.checkoutTokenHash !== null && (transaction.status === "PROCESSING" || transaction.status === "CREATED");
    return { status: 201, body: paymentResponse({ transaction, url: awaitsCustomer ? checkoutUrl : undefined }) };
  };
}
