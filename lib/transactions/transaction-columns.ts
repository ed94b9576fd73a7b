// Columns that several kinds of transaction fill the same way, so a new
// column is added in one place rather than in each create-* file.
import type { Prisma, PaymentMethod, Transaction } from "@/lib/generated/prisma/client";
import type { TransactionAction, TransactionStatus } from "@/lib/generated/prisma/enums";
import type { TCreatePayoutRequest, TCreateSaleRequest } from "./schemas";

/** What a SALE or PAYOUT request says about itself and where it sends the customer and the webhooks. */
export function requestColumns(input: TCreateSaleRequest | TCreatePayoutRequest, method: PaymentMethod) {
  return {
    currency: input.currency,
    orderId: input.orderId,
    // orderId is unique per merchant, environment and action for SALE and PAYOUT.
    orderKey: input.orderId,
    buyerId: input.buyerId,
    paymentMethod: input.paymentMethod,
    paymentMethodId: method.id,
    methodType: method.type,
    provider: method.provider,
    locale: input.locale,
    successUrl: input.successUrl,
    failureUrl: input.failureUrl,
    returnUrl: input.returnUrl,
    callbackUrl: input.callbackUrl,
    metadata: input.metadata as Prisma.InputJsonValue | undefined,
    customerDetails: input.customer,
  };
}

/**
 * A REFUND or CHARGEBACK of a sale: same order, buyer, method and provider,
 * and its webhooks go where the sale's went. orderKey stays null, since
 * several children may share the sale's orderId.
 */
/** A payment whose money was taken: a SUCCESS SALE, or a captured AUTHORIZE (SPEC §17). Refunds and chargebacks hang off these. */
export function isSettledPayment(t: Pick<Transaction, "action" | "status">): boolean {
  return (t.action === "SALE" || t.action === "AUTHORIZE") && t.status === "SUCCESS";
}

/** What a settled payment took: a sale's amount, an authorization's captured amount. Refunds and chargebacks are bounded by it. */
export function takenAmount(t: Pick<Transaction, "action" | "amount" | "capturedAmount">): bigint {
  return t.action === "AUTHORIZE" ? t.capturedAmount : t.amount;
}

export function childOfSale(sale: Transaction, { action, status, amount }: { action: TransactionAction; status: TransactionStatus; amount: bigint }) {
  return {
    merchantId: sale.merchantId,
    environment: sale.environment,
    action,
    status,
    amount,
    currency: sale.currency,
    orderId: sale.orderId,
    orderKey: null,
    buyerId: sale.buyerId,
    customerId: sale.customerId,
    paymentMethod: sale.paymentMethod,
    paymentMethodId: sale.paymentMethodId,
    methodType: sale.methodType,
    provider: sale.provider,
    // The money comes from (or goes back to) where the sale's is held.
    connectorId: sale.connectorId,
    parentId: sale.id,
    callbackUrl: sale.callbackUrl,
  };
}
