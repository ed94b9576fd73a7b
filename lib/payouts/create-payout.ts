// Creating a withdrawal: POST /v1/payment/payout (SPEC §4–§7). The payout is
// written PROCESSING and its amount moves available → reserved in the same
// SQL statement (lib/transactions/insert-new-transaction.ts), behind two
// guards that lock and then count in a fresh snapshot: the customer's daily
// payout limit, and the merchant's available balance. When either refuses,
// the whole statement rolls back ('Payout limit exceeded', 'Insufficient
// balance'), so nothing is written (no transaction row, no customer, no
// orderId consumed), and concurrent payouts can never overdraw the balance
// or together pass the limit.
import type { Environment } from "@/lib/generated/prisma/enums";
import { payoutReservedJournal } from "@/lib/ledger/postings";
import { resolvePaymentMethod } from "@/lib/payment-methods/resolve-payment-method";
import { ROUTED } from "@/lib/providers/registry";
import { requireRoute } from "@/lib/routing/plan-route";
import { parsePayoutDestination } from "@/lib/payouts/parse-payout-destination";
import { schedulePayout } from "@/lib/payouts/schedule-payout";
import { requirePayoutKyc } from "@/lib/risk/require-payout-kyc";
import { startOfUtcDay } from "@/lib/customers/remaining-payout-limit";
import { newId } from "@/lib/ids";
import { afterCommit } from "@/lib/webhooks/after-commit";
import { checkCreateRequest } from "@/lib/transactions/check-create-request";
import type { CreatedPayment } from "@/lib/transactions/create-sale";
import type { TCreatePayoutRequest } from "@/lib/transactions/schemas";
import { requestColumns } from "@/lib/transactions/transaction-columns";
import type { Actor } from "@/lib/audit/actor";
import { insertNewTransaction } from "@/lib/transactions/insert-new-transaction";

export interface CreatePayoutOptions {
  merchantId: string;
  environment: Environment;
  input: TCreatePayoutRequest;
  actor: Actor;
}

export async function createPayout({ merchantId, environment, input, actor }: CreatePayoutOptions): Promise<CreatedPayment> {
  // 1. Request checks that need the key or DNS (merchantId, callbackUrl).
  await checkCreateRequest({ merchantId, environment, input });

  // 2. Payment method ('Invalid payment method' / 'Payment method not available')
  //    and where the money goes (IBAN, wallet, PayPal e-mail; never a card).
  const amount = BigInt(input.amount);
  const method = await resolvePaymentMethod({ merchantId, environment, name: input.paymentMethod, action: "PAYOUT", currency: input.currency, amount });
  // A routed method needs a route that takes this payout (SPEC §21); its connector is chosen when it is sent.
  if (method.provider === ROUTED) await requireRoute({ merchantId, environment, method, action: "PAYOUT", currency: input.currency, amount });
  const destination = parsePayoutDestination({ type: method.type, input: input.paymentMethodInput });

  // 3. Risk checks (issue #5): KYC threshold ('KYC verification required').
  //    Outside the transaction: the verification session it starts must
  //    outlive the 400. The daily limit is checked inside (race safety);
  //    screening runs in the pipeline, after the response.
  await requirePayoutKyc({ merchantId, environment, buyerId: input.buyerId, amount, customer: input.customer });

  // 4. One statement: customer, PROCESSING payout with its history row and
  //    transaction.processing event, the daily limit ('Payout limit exceeded',
  //    under a per-customer lock) and the reserve (locking the merchant's
  //    available account, the one lock payouts of a merchant share), and the
  //    stored answer. The locks are held only while that statement runs.
  const { transaction, eventId } = await insertNewTransaction({
    data: {
      id: newId("transaction"),
      merchantId,
      environment,
      action: "PAYOUT",
      status: "PROCESSING",
      amount,
      ...requestColumns(input, method),
      destination,
    },
    customer: { buyerId: input.buyerId, details: input.customer },
    actor,
    postings: payoutReservedJournal,
    payoutLimitSince: startOfUtcDay(new Date()),
  });

  // 5. After commit: the event goes to the relay.
  await afterCommit([eventId]);
  // 6. Schedule the payout pipeline (issue #5): screening, then the provider's payout call.
  await schedulePayout({ transactionId: transaction.id });
  return { transaction };
}
