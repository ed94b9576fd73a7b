// Adyen's journeys for `npm run connectors:smoke`: the calls Sluice makes,
// against Adyen's test endpoints with a test web service user's API key
// (raw card data processing enabled, as in production) — or against
// ADYEN_API_BASE (the emulator in tests/connectors/connectors-smoke.test.ts).
// Captures, cancels and refunds are modifications Adyen answers "received"
// and decides later in a notification, so a journey can only check that the
// request was accepted; nothing here verifies notifications, so the HMAC key
// is optional. Adyen has no lookup of a payment, so there is no status query.
import type { CardInput } from "@/lib/providers/types";
import { expectThat, type SmokeEntry } from "./smoke-entry";

/** Adyen's own test cards (docs.adyen.com/development-resources/test-cards); its test mode refuses by the holder's name. */
const card = (number: string, holderName = "Sluice Smoke"): CardInput => ({ number, expMonth: 3, expYear: 2030, cvc: "737", holderName });
/** Where a 3-D Secure customer would come back; never opened by the smoke run. */
const RETURN_URL = "https://example.com/sluice-smoke/return";

export const adyenSmoke: SmokeEntry = {
  provider: "adyen",
  needs: [
    { variable: "ADYEN_TEST_API_KEY", what: "the API key of a test web service user (Checkout role, raw card data)" },
    { variable: "ADYEN_TEST_MERCHANT_ACCOUNT", what: "the test merchant account's code" },
    { variable: "ADYEN_TEST_HMAC_KEY", what: "the test webhook's HMAC key (not used by the journeys)", optional: true },
    { variable: "ADYEN_API_BASE", what: "send the requests here instead of Adyen's test endpoints (an https egress proxy, the emulator)", optional: true },
  ],
  fromEnvironment(env) {
    if (!env.ADYEN_TEST_API_KEY || !env.ADYEN_TEST_MERCHANT_ACCOUNT) return null;
    return {
      // No liveUrlPrefix: a sandbox connector talks to Adyen's test endpoints only.
      credentials: { apiKey: env.ADYEN_TEST_API_KEY, merchantAccount: env.ADYEN_TEST_MERCHANT_ACCOUNT, hmacKey: env.ADYEN_TEST_HMAC_KEY || "00".repeat(32) },
      apiBase: env.ADYEN_API_BASE || null,
    };
  },
  journeys: [
    { name: "credentials (payment methods)", run: (live) => live.test() },
    {
      name: "card sale",
      async run(live, run) {
        const r = await live.authorize({ transactionId: `${run}_sale`, amount: 1_000n, currency: "EUR", method: "card", card: card("4111111111111111"), returnUrl: RETURN_URL, idempotencyKey: `${run}-sale` });
        expectThat(r.status === "succeeded", `expected succeeded, got ${r.status}`);
        return `${r.providerRef} authorised`;
      },
    },
    {
      name: "decline",
      async run(live, run) {
        const r = await live.authorize({ transactionId: `${run}_decline`, amount: 1_000n, currency: "EUR", method: "card", card: card("4111111111111111", "NOT_ENOUGH_BALANCE"), returnUrl: RETURN_URL, idempotencyKey: `${run}-decline` });
        expectThat(r.status === "declined", `expected declined, got ${r.status}`);
        expectThat(r.code === "insufficient_funds", `expected insufficient_funds, got ${r.code}`);
        return `declined as ${r.code}`;
      },
    },
    {
      name: "3-D Secure",
      async run(live, run) {
        const r = await live.authorize({ transactionId: `${run}_3ds`, amount: 1_000n, currency: "EUR", method: "card", card: card("4212345678910006"), returnUrl: RETURN_URL, idempotencyKey: `${run}-3ds` });
        expectThat(r.status === "requires_action" && "url" in r, `expected requires_action with a url, got ${r.status}`);
        // Nothing is held until the shopper authenticates; an abandoned redirect expires at Adyen.
        return `${r.providerRef} asks for the customer (redirect url)`;
      },
    },
    {
      name: "authorize, cancel",
      async run(live, run) {
        const auth = await live.authorize({ transactionId: `${run}_cancel`, amount: 1_000n, currency: "EUR", method: "card", card: card("4111111111111111"), capture: "manual", returnUrl: RETURN_URL, idempotencyKey: `${run}-cancel-auth` });
        expectThat(auth.status === "succeeded", `authorize: expected succeeded, got ${auth.status}`);
        const released = await live.release({ transactionId: `${run}_cancel`, providerRef: auth.providerRef, amount: 1_000n, currency: "EUR", idempotencyKey: `${run}-cancel` });
        expectThat(released.status === "succeeded", `cancel: expected succeeded, got ${released.status}`);
        return `${auth.providerRef} held, cancel received`;
      },
    },
    {
      name: "authorize, capture request accepted",
      async run(live, run) {
        const auth = await live.authorize({ transactionId: `${run}_auth`, amount: 2_000n, currency: "EUR", method: "card", card: card("5555341244441115"), capture: "manual", returnUrl: RETURN_URL, idempotencyKey: `${run}-auth` });
        expectThat(auth.status === "succeeded", `authorize: expected succeeded, got ${auth.status}`);
        const captured = await live.capture({ transactionId: `${run}_auth`, providerRef: auth.providerRef, amount: 1_500n, currency: "EUR", idempotencyKey: `${run}-capture` });
        // Adyen decides a capture in its CAPTURE notification: "received" is all a call can show.
        expectThat(captured.status === "pending", `capture: expected pending (received), got ${captured.status}`);
        return `15.00 of 20.00 asked, capture received (the CAPTURE notification decides)`;
      },
    },
    {
      name: "refund request accepted",
      async run(live, run) {
        const sale = await live.authorize({ transactionId: `${run}_refunded`, amount: 2_000n, currency: "EUR", method: "card", card: card("4111111111111111"), returnUrl: RETURN_URL, idempotencyKey: `${run}-refunded` });
        expectThat(sale.status === "succeeded", `sale: expected succeeded, got ${sale.status}`);
        const refund = await live.refund({ transactionId: `${run}_refund`, parentProviderRef: sale.providerRef, amount: 500n, currency: "EUR", idempotencyKey: `${run}-refund` });
        expectThat(refund.status === "pending", `refund: expected pending (received), got ${refund.status}`);
        return `5.00 of 20.00, refund ${refund.providerRef} received (the REFUND notification decides)`;
      },
    },
  ],
};
