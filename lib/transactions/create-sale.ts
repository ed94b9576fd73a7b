// Creating a deposit: POST /v1/payment/sale and POST /v1/transactions (SPEC §4,
// §5), and an authorization, POST /v1/payment/authorize (SPEC §17: the same
// body, checks and shapes; the provider places a hold instead of charging,
// so "approved" is PROCESSING with authorizedAt and no money moves). Two shapes:
// - card data in paymentMethodInput: the provider decides at once and the
//   transaction is written straight into SUCCESS or DECLINED, emitting only
//   its final event (the verification test card is the exception: it needs
//   the customer, so it goes PROCESSING with a checkout url);
// - otherwise: PROCESSING with a hosted checkout `url` and `expiresAt`,
//   emitting transaction.processing.
// Card numbers and CVCs go to the provider interface and nowhere else; the
// transaction keeps brand, last 4 and expiry only.
import { sha256Hex } from "@/lib/crypto";
import { AppError, invalid } from "@/lib/errors";
import type { PaymentMethod, Prisma, Transaction } from "@/lib/generated/prisma/client";
import type { Environment, TransactionStatus } from "@/lib/generated/prisma/enums";

import { newId } from "@/lib/ids";
import { saleFee, saleSucceededJournal } from "@/lib/ledger/postings";
import { normaliseExpiryYear } from "@/lib/schema/card";
import { resolvePaymentMethod } from "@/lib/payment-methods/resolve-payment-method";
import { getProvider, ROUTED } from "@/lib/providers/registry";
import { requireRoute } from "@/lib/routing/plan-route";
import { getCachedRiskSettings } from "@/lib/merchants/get-risk-settings";
import { scheduleSaleScreening } from "@/lib/transactions/schedule-sale-screening";
import type { CardInput } from "@/lib/providers/types";
import { afterCommit } from "@/lib/webhooks/after-commit";
import { checkCreateRequest } from "./check-create-request";
import { newCheckoutSession } from "./checkout-session";
import { releaseHold, resultColumns, voidCharge } from "./provider-result";
import { assertOrderIdUnused, DuplicateOrderIdError } from "./order-id";
import { directConnectorPayment } from "./connector-payment";
import { serializeTransaction } from "@/lib/api-objects/serialize-transaction";
import type { TCreateSaleRequest, TPaymentMethodInput } from "./schemas";
import { requestColumns } from "./transaction-columns";
import type { Actor } from "@/lib/audit/actor";
import { insertNewTransaction } from "./insert-new-transaction";
import { DAY_MS } from "@/lib/time";

export interface CreateSaleOptions {
  merchantId: string;
  environment: Environment;
  input: TCreateSaleRequest;
  actor: Actor;
}

/** A customer payment: a SALE (charged now) or an AUTHORIZE (held now, captured later). */
type PaymentAction = "SALE" | "AUTHORIZE";

export interface CreatedPayment {
  transaction: Transaction;
  /** The hosted checkout page, when the customer has to act. */
  url?: string;
}

export function createSale(options: CreateSaleOptions): Promise<CreatedPayment> {
  return createPayment({ ...options, action: "SALE" });
}

/** POST /payment/authorize (SPEC §17); capture-authorization.ts takes the money later. */
export function createAuthorization(options: CreateSaleOptions): Promise<CreatedPayment> {
  return createPayment({ ...options, action: "AUTHORIZE" });
}

async function createPayment({ merchantId, environment, input, actor, action }: CreateSaleOptions & { action: PaymentAction }): Promise<CreatedPayment> {
  await checkCreateRequest({ merchantId, environment, input });
  const amount = BigInt(input.amount);
  // Independent reads, issued together so a sale waits for one round trip, not several. A request
  // carrying a card number will most likely be charged at once, and a direct charge first refuses a
  // repeated orderId: that read goes out with the others (settled here, thrown where it applies).
  const orderIdCheck = carriesCardNumber(input) ? settle(assertOrderIdUnused({ merchantId, environment, action, orderId: input.orderId })) : undefined;
  const [method, settings] = await Promise.all([
    resolvePaymentMethod({ merchantId, environment, name: input.paymentMethod, action, currency: input.currency, amount }),
    getCachedRiskSettings({ merchantId, environment }),
  ]);
  const card = cardInput(input.paymentMethodInput, method);
  // Risk (issue #5): a sale (or authorization) above the merchant's saleReviewThreshold is screened by the
  // worker and held for approval. It always goes through the hosted checkout: card data cannot wait for a decision.
  const review = settings.saleReviewThreshold !== null && amount > settings.saleReviewThreshold;
  const base = saleRow({ merchantId, environment, input, method, amount, action });
  const expiryMinutes = settings.checkoutExpiryMinutes;
  // A routed method goes to the merchant's connectors (SPEC §21); a redirect sale picks its connector when the customer pays.
  const candidates = method.provider === ROUTED ? await requireRoute({ merchantId, environment, method, action, currency: input.currency, amount }) : null;
  const created = card && !review
    ? candidates
      ? await directConnectorPayment({ base, input, candidates, actor, expiryMinutes, request: { amount, currency: input.currency, method: "card", card, capture: action === "AUTHORIZE" ? "manual" : "automatic", customer: customerOf(input) } })
      : await directCardSale({ base, input, method, card, actor, expiryMinutes, orderIdCheck, validityDays: settings.authorizationValidityDays })
    : await checkoutSale({ base, input, actor, expiryMinutes });
  await scheduleSaleScreening({ transaction: created.transaction, settings });
  return created;
}

/** What a provider may use of the customer: a BNPL lender or a bank asks for the e-mail and country. */
function customerOf(input: TCreateSaleRequest) {
  const c = input.customer;
  return { email: c?.email ?? null, country: c?.country ?? null, name: [c?.firstName, c?.lastName].filter(Boolean).join(" ") || null };
}

/** Card data is all-or-nothing (the schema checks that) and only for a card method. */
function cardInput(pmi: TPaymentMethodInput | undefined, method: PaymentMethod): CardInput | null {
  if (!pmi?.cardNumber || pmi.expiryMonth === undefined || pmi.expiryYear === undefined || !pmi.cvv) return null;
  if (method.type !== "card") throw invalid("paymentMethodInput card fields are only accepted with a card payment method", "paymentMethodInput.cardNumber");
  return { number: pmi.cardNumber.replace(/\D/g, ""), expMonth: pmi.expiryMonth, expYear: normaliseExpiryYear(pmi.expiryYear), cvc: pmi.cvv };
}

type SaleRow = Omit<Prisma.TransactionUncheckedCreateInput, "status"> & { id: string; amount: bigint; action: PaymentAction };

function saleRow({ merchantId, environment, input, method, amount, action }: { merchantId: string; environment: Environment; input: TCreateSaleRequest; method: PaymentMethod; amount: bigint; action: PaymentAction }): SaleRow {
  const { cardNumber: _n, expiryMonth: _m, expiryYear: _y, cvv: _c, ...nonCard } = input.paymentMethodInput ?? {};
  return {
    id: newId("transaction"),
    merchantId,
    environment,
    action,
    amount,
    ...requestColumns(input, method),
    // Non-card method input (e.g. a PayPal e-mail) is kept for the checkout; card fields never are.
    destination: Object.keys(nonCard).length > 0 ? nonCard : undefined,
  };
}

/** Writes the sale, its customer and all that commits with them in one statement (insert-new-transaction.ts), then hands its event to the relay. */
async function writeSale({ row, status, input, actor, method, checkoutUrl }: { row: SaleRow; status: TransactionStatus; input: TCreateSaleRequest; actor: Actor; method?: PaymentMethod; checkoutUrl?: string }): Promise<Transaction> {
  const { transaction, eventId } = await insertNewTransaction({
    data: { ...row, status },
    customer: { buyerId: input.buyerId, details: input.customer },
    actor,
    postings: (t) => (status === "SUCCESS" && method ? saleSucceededJournal(t, saleFee(row.amount, method)) : null),
    checkoutUrl,
  });
  await afterCommit([eventId]);
  return transaction;
}

const carriesCardNumber = (input: TCreateSaleRequest) => typeof (input.paymentMethodInput as { cardNumber?: unknown } | undefined)?.cardNumber === "string";

/** The check's error, or undefined when it passed; never rejects (so a check nobody awaits cannot go unhandled). */
const settle = (check: Promise<void>): Promise<unknown> => check.then(
  () => undefined,
  (error: unknown) => error ?? new Error("orderId check failed"),
);

interface SaleFlow {
  base: SaleRow;
  input: TCreateSaleRequest;
  actor: Actor;
  /** The merchant's checkoutExpiryMinutes, for sales that wait for the customer. */
  expiryMinutes: number;
}

async function checkoutSale({ base, input, actor, expiryMinutes }: SaleFlow): Promise<CreatedPayment> {
  const session = newCheckoutSession({ expiryMinutes });
  const transaction = await writeSale({ row: { ...base, checkoutTokenHash: sha256Hex(session.token), expiresAt: session.expiresAt }, status: "PROCESSING", input, actor, checkoutUrl: session.url });
  return { transaction, url: session.url };
}

interface DirectCardFlow extends SaleFlow {
  method: PaymentMethod;
  card: CardInput;
  orderIdCheck?: Promise<unknown>;
  /** The merchant's authorizationValidityDays: how long a hold placed now waits for its capture. */
  validityDays: number;
}

async function directCardSale({ base, input, method, card, actor, expiryMinutes, orderIdCheck, validityDays }: DirectCardFlow): Promise<CreatedPayment> {
  // Refuse a repeated orderId before the card is charged; the unique index still decides races.
  const refused = await (orderIdCheck ?? settle(assertOrderIdUnused({ merchantId: base.merchantId, environment: base.environment, action: base.action, orderId: input.orderId })));
  if (refused) throw refused;
  const provider = getProvider(base.environment, method.provider)!;
  const hold = base.action === "AUTHORIZE";
  const result = await provider.authorize({ transactionId: base.id, amount: base.amount, currency: base.currency, method: "card", card, capture: hold ? "manual" : "automatic" });
  const decided = resultColumns(result);
  // An approved hold is not a charge: it stays PROCESSING until captured, voided or lapsed (SPEC §17).
  const authorizedAt = hold && result.status === "succeeded" ? new Date() : undefined;
  const status = authorizedAt ? "PROCESSING" : decided.status;
  const holdColumns = authorizedAt ? { authorizedAt, captureBefore: new Date(authorizedAt.getTime() + validityDays * DAY_MS) } : {};
  // The verification card: only the customer can enter the code, on the hosted checkout.
  const session = result.status === "requires_action" ? newCheckoutSession({ expiryMinutes }) : undefined;
  const row: SaleRow = { ...base, ...decided.data, ...holdColumns, ...(session ? { checkoutTokenHash: sha256Hex(session.token), expiresAt: session.expiresAt } : {}) };
  try {
    const transaction = await writeSale({ row, status, input, actor, method: status === "SUCCESS" ? method : undefined, checkoutUrl: session?.url });
    // The seed's one error-shaped decline: 500 {status:false, error, code:'processing_error', transaction}.
    if (result.status === "declined" && result.code === "processing_error") {
      throw new AppError("internal_error", result.message, { status: 500, extra: { code: "processing_error", transaction: serializeTransaction(transaction) } });
    }
    return { transaction, url: session?.url };
  } catch (error) {
    // A concurrent request with the same orderId won the race after our early check: this charge (or hold) has no transaction to belong to.
    if (result.status === "succeeded" && error instanceof DuplicateOrderIdError) {
      const orphan = { ...base, provider: method.provider, connectorId: null, providerRef: result.providerRef };
      await (hold ? releaseHold(orphan) : voidCharge(orphan, result.providerRef, null));
    }
    throw error;
  }
}
