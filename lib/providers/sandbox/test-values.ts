// Every sandbox test value of every method (SPEC §8), as data. The simulator
// decides by these values, the hosted checkout names its simulation buttons
// after them, and the public page /docs/sandbox renders this module, so the
// documentation cannot drift from what the sandbox does.
import type { PaymentMethodType } from "@/lib/generated/prisma/enums";
import { SANDBOX_VERIFICATION_CODE, TEST_CARDS } from "./test-cards";

/** A payout destination containing this word (any case) is declined with `provider_rejected`. */
export const DECLINE_WORD = "decline";

export const PAYPAL_DECLINE_EMAIL = "decline@example.com";
export const DECLINE_ACCOUNT_HOLDER = "Decline";
export const DECLINE_WALLET_EXAMPLE = "0xdecline00000000000000000000000000000000";
/** Valid IBANs (checksum ok) for bank-transfer payouts. */
export const VALID_TEST_IBANS = ["DE89370400440532013000", "GB82WEST12345698765432", "FR1420041010050500013M02606"];
/** Same as the first but with a broken checksum: refused at creation. */
export const INVALID_TEST_IBAN = "DE89370400440532013001";

/**
 * Seed's "typical withdrawal processing times", compressed to seconds and
 * multiplied by SANDBOX_TIME_SCALE: how long a sandbox payout stays PROCESSING.
 */
export const PAYOUT_PROCESSING_MS: Partial<Record<PaymentMethodType, number>> = {
  bank_transfer: 10_000,
  ewallet: 2_000,
  crypto: 5_000,
};

/** How long a checkout payment takes to settle after the customer acted (bank transfer "I have paid", crypto). */
export const SALE_SETTLEMENT_MS: Partial<Record<PaymentMethodType, number>> = {
  bank_transfer: 10_000,
  crypto: 5_000,
};

/**
 * The sandbox crypto method's quote: what the checkout asks the customer to
 * send, in testnet coins (8 decimals), at a fixed price per coin in each
 * currency's minor units, so a test or a reader of /docs/sandbox can work the
 * amount out. A live provider quotes its own rate.
 */
export const SANDBOX_CRYPTO_QUOTE = {
  asset: "tBTC",
  decimals: 8,
  coinPrice: { USD: 5_000_000n, EUR: 4_600_000n, GBP: 4_000_000n } as Readonly<Record<string, bigint>>,
} as const;

/** Accessible names of the simulation buttons on the hosted checkout. */
export const CHECKOUT_BUTTONS = {
  bankTransferPaid: "I have paid",
  bankTransferFail: "Simulate failed transfer",
  walletApprove: "Approve",
  walletDecline: "Decline",
  cryptoFail: "Simulate failure",
  bnplApprove: "Approve",
  bnplDecline: "Decline",
} as const;

export interface TestValueRow {
  /** What to send or do. */
  input: string;
  /** What happens. */
  outcome: string;
}

export interface MethodTestValues {
  slug: string;
  type: PaymentMethodType;
  name: string;
  sale: TestValueRow[];
  /** null: the method does not pay out. */
  payout: TestValueRow[] | null;
}

const seconds = (ms: number) => `about ${ms / 1000} s × SANDBOX_TIME_SCALE`;

function cardOutcome(c: (typeof TEST_CARDS)[number]): string {
  switch (c.outcome.kind) {
    case "success":
      return "SUCCESS";
    case "decline":
      return `DECLINED \`${c.outcome.code}\``;
    case "error":
      return "500 `processing_error`; stored DECLINED `processing_error`";
    case "verification":
      return `asks for a verification code on checkout (enter \`${SANDBOX_VERIFICATION_CODE}\`), then SUCCESS`;
    default: {
      const unreachable: never = c.outcome;
      throw new Error(`Unknown outcome ${JSON.stringify(unreachable)}`);
    }
  }
}

const formatCard = (n: string) => n.replace(/(\d{4})(?=\d)/g, "$1 ");

export const SANDBOX_TEST_VALUES: MethodTestValues[] = [
  {
    slug: "card",
    type: "card",
    name: "Card",
    sale: [
      ...TEST_CARDS.map((c) => ({ input: `${formatCard(c.number)} (any future expiry, any 3-digit CVC)`, outcome: cardOutcome(c) })),
      { input: "Any test card with a past expiry date", outcome: "DECLINED `expired_card`" },
      { input: "A number failing the Luhn check", outcome: "400 from the API; a validation error on the checkout form" },
    ],
    payout: null,
  },
  {
    slug: "bank_transfer",
    type: "bank_transfer",
    name: "Bank transfer",
    sale: [
      { input: `Checkout: "${CHECKOUT_BUTTONS.bankTransferPaid}"`, outcome: `SUCCESS after ${seconds(SALE_SETTLEMENT_MS.bank_transfer!)}` },
      { input: `Checkout: "${CHECKOUT_BUTTONS.bankTransferFail}"`, outcome: "DECLINED `provider_rejected`" },
    ],
    payout: [
      { input: `iban ${VALID_TEST_IBANS.join(", ")} (any valid IBAN) with any accountHolderName`, outcome: `SUCCESS after ${seconds(PAYOUT_PROCESSING_MS.bank_transfer!)}` },
      { input: `accountHolderName "${DECLINE_ACCOUNT_HOLDER}"`, outcome: "DECLINED `provider_rejected`" },
      { input: `iban ${INVALID_TEST_IBAN} (checksum fails)`, outcome: "400 `paymentMethodInput.iban is not a valid IBAN`, nothing created" },
    ],
  },
  {
    slug: "paypal",
    type: "ewallet",
    name: "PayPal (e-wallet)",
    sale: [
      { input: `Checkout, simulated wallet page: any wallet e-mail, then "${CHECKOUT_BUTTONS.walletApprove}"`, outcome: "SUCCESS" },
      { input: `Checkout, simulated wallet page: wallet e-mail ${PAYPAL_DECLINE_EMAIL}, then "${CHECKOUT_BUTTONS.walletApprove}"`, outcome: "DECLINED `provider_rejected`" },
      { input: `Checkout, simulated wallet page: "${CHECKOUT_BUTTONS.walletDecline}"`, outcome: "DECLINED `provider_rejected`" },
    ],
    payout: [
      { input: "email: any address, e.g. jane.doe@example.com", outcome: `SUCCESS after ${seconds(PAYOUT_PROCESSING_MS.ewallet!)}` },
      { input: `email: ${PAYPAL_DECLINE_EMAIL}`, outcome: "DECLINED `provider_rejected`" },
    ],
  },
  {
    slug: "crypto",
    type: "crypto",
    name: "Crypto",
    sale: [
      { input: "Checkout: send to the shown address (nothing to do in sandbox)", outcome: `SUCCESS after ${seconds(SALE_SETTLEMENT_MS.crypto!)}` },
      { input: "Checkout: the amount to send", outcome: `in ${SANDBOX_CRYPTO_QUOTE.asset} at 1 ${SANDBOX_CRYPTO_QUOTE.asset} = 50,000 USD, 46,000 EUR or 40,000 GBP, rounded up to ${SANDBOX_CRYPTO_QUOTE.decimals} decimals` },
      { input: `Checkout: "${CHECKOUT_BUTTONS.cryptoFail}"`, outcome: "DECLINED `provider_rejected`" },
    ],
    payout: [
      { input: "walletAddress: any address, e.g. 0x52908400098527886E0F7030069857D2E4169EE7", outcome: `SUCCESS after ${seconds(PAYOUT_PROCESSING_MS.crypto!)}` },
      { input: `walletAddress containing "${DECLINE_WORD}", e.g. ${DECLINE_WALLET_EXAMPLE}`, outcome: "DECLINED `provider_rejected`" },
    ],
  },
  {
    slug: "bnpl",
    type: "bnpl",
    name: "Buy now, pay later",
    sale: [
      { input: `Checkout: choose an instalment plan, then "${CHECKOUT_BUTTONS.bnplApprove}"`, outcome: "SUCCESS" },
      { input: `Checkout: choose an instalment plan, then "${CHECKOUT_BUTTONS.bnplDecline}"`, outcome: "DECLINED `provider_rejected`" },
    ],
    payout: null,
  },
];

/** After-the-fact outcomes that apply to every method. */
export const SANDBOX_LIFECYCLE_VALUES: TestValueRow[] = [
  { input: "POST /v1/transactions/{id}/refunds on a SUCCESS sale", outcome: "REFUND transaction PROCESSING, SUCCESS shortly after" },
  { input: "POST /v1/sandbox/transactions/{id}/simulate {\"outcome\":\"CHARGEBACK\", \"amount\"?}", outcome: "CHARGEBACK transaction on a SUCCESS sale; available balance debited (may go negative)" },
  { input: "POST /v1/sandbox/transactions/{id}/simulate {\"outcome\":\"SUCCESS\"}", outcome: "a PROCESSING transaction becomes SUCCESS" },
  { input: "POST /v1/sandbox/transactions/{id}/simulate {\"outcome\":\"DECLINED\", \"declineCode\"?}", outcome: "a PROCESSING transaction becomes DECLINED with that code" },
  { input: "POST /v1/sandbox/transactions/{id}/simulate {\"outcome\":\"EXPIRED\"}", outcome: "a PROCESSING SALE or AUTHORIZE expires now, as at its expiresAt or captureBefore" },
  { input: "POST /v1/sandbox/balance {\"currency\", \"amount\"}", outcome: "adds test funds to the available balance" },
  {
    input: "POST /v1/payment/authorize with a card test value",
    outcome: "the card table applies to the hold: an approved card answers PROCESSING with authorizedAt and captureBefore (event transaction.authorized), a declining one DECLINED as for a sale; no money moves",
  },
  { input: "POST /v1/transactions/{id}/capture {\"amount\"?}", outcome: "always succeeds in sandbox: SUCCESS with capturedAmount (default all), credited as a sale of that amount; the rest of the hold is released" },
  { input: "POST /v1/sandbox/transactions/{id}/simulate {\"outcome\":\"SUCCESS\"} on an AUTHORIZE", outcome: "places the hold if it is not yet placed; captures it in full if it is" },
  { input: "An authorization not captured by captureBefore (authorizationValidityDays, default 7)", outcome: "EXPIRED by the worker, the hold released; POST /v1/transactions/{id}/cancel voids it earlier" },
];
