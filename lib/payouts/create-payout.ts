// Creating a withdrawal: POST /v1/payment/payout (SPEC §4–§7). The payout is
// written PROCESSING and its amount moves available → reserved in the same
// database transaction, by one guarded UPDATE: when the balance is short the
// whole transaction rolls back with 'Insufficient balance', so nothing is
// written (no transaction row, no customer, no orderId consumed), and
// concurrent payouts can never overdraw the balance.
import { db } from "@/lib/db";
import { commitIdempotentEffect } from "@/lib/idempotency/idempotent-effect";
import type { Environment } from "@/lib/generated/prisma/enums";
import { postPayoutReserved } from "@/lib/ledger/postings";
import { resolvePaymentMethod } from "@/lib/payment-methods/resolve-payment-method";
import { ROUTED } from "@/lib/providers/registry";
import { requireRoute } from "@/lib/routing/plan-route";
import { parsePayoutDestination } from "@/lib/payouts/parse-payout-destination";
import { schedulePayout } from "@/lib/payouts/schedule-payout";
import { enforcePayoutLimit } from "@/lib/risk/enforce-payout-limit";
import { requirePayoutKyc } from "@/lib/risk/require-payout-kyc";
import { upsertCustomer } from "@/lib/customers/upsert-customer";
import { afterCommit } from "@/lib/webhooks/after-commit";
import { MONEY_TRANSACTION_OPTIONS } from "@/lib/transactions/money-transaction-options";
import { checkCreateRequest } from "@/lib/transactions/check-create-request";
import type { CreatedPayment } from "@/lib/transactions/create-sale";
import { withOrderIdGuard } from "@/lib/transactions/order-id";
import type { TCreatePayoutRequest } from "@/lib/transactions/schemas";
import { requestColumns } from "@/lib/transactions/transaction-columns";
import type { Actor } from "@/lib/audit/actor";
import { insertTransaction } from "@/lib/transactions/transition";

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

  // 4. One database transaction: customer, PROCESSING payout with its
  //    history row and transaction.processing event, and the reserve. The
  //    reserve comes last so a short balance rolls back everything before it.
  const { transaction, eventId } = await withOrderIdGuard(() =>
    db.$transaction(async (tx) => {
      const customer = await upsertCustomer({ tx, merchantId, environment, buyerId: input.buyerId, details: input.customer });
      const created = await insertTransaction(
        tx,
        {
          merchantId,
          environment,
          action: "PAYOUT",
          status: "PROCESSING",
          amount,
          ...requestColumns(input, method),
          customerId: customer.id,
          destination,
        },
        actor,
      );
      // 'Payout limit exceeded', under a per-customer lock held until commit (lib/risk/enforce-payout-limit.ts).
      await enforcePayoutLimit({ tx, payout: created.transaction });
      // The reserve locks the merchant's available account (the one lock payouts of a merchant share) until
      // the commit, so only the stored answer is written after it. That stays last: an effect that fails after
      // it would leave the request believing its answer committed (lib/idempotency/idempotent-effect.ts).
      await postPayoutReserved(tx, created.transaction);
      await commitIdempotentEffect(tx, created.transaction);
      return created;
    }, MONEY_TRANSACTION_OPTIONS),
  );

  // 5. After commit: the event goes to the relay.
  await afterCommit([eventId]);
  // 6. Schedule the payout pipeline (issue #5): screening, then the provider's payout call.
  await schedulePayout({ transactionId: transaction.id });
  return { transaction };
}
