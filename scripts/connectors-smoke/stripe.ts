// Stripe's journeys for `npm run connectors:smoke`: the calls Sluice makes,
// against Stripe's test mode with a test secret key (sk_test_…; sending card
// numbers needs the account's raw card data access, as in production) — or
// against STRIPE_API_BASE (the emulator in tests/connectors/connectors-smoke.test.ts).
// Nothing here verifies webhooks, so the webhook secret is optional.
import type { CardInput } from "@/lib/providers/types";
import { expectThat, type SmokeEntry } from "./smoke-entry";

const card = (number: string): CardInput => ({ number, expMonth: 12, expYear: new Date().getUTCFullYear() + 2, cvc: "123" });
/** Where a 3-D Secure customer would come back; never opened by the smoke run. */
const RETURN_URL = "https://example.com/sluice-smoke/return";

export const stripeSmoke: SmokeEntry = {
  provider: "stripe",
  needs: [
    { variable: "STRIPE_TEST_SECRET_KEY", what: "a test-mode secret key, sk_test_…" },
    { variable: "STRIPE_TEST_WEBHOOK_SECRET", what: "a webhook signing secret, whsec_… (not used by the journeys)", optional: true },
    { variable: "STRIPE_API_BASE", what: "send the requests here instead of api.stripe.com (an egress proxy, the emulator)", optional: true },
  ],
  fromEnvironment(env) {
    if (!env.STRIPE_TEST_SECRET_KEY) return null;
    return {
      credentials: { secretKey: env.STRIPE_TEST_SECRET_KEY, webhookSecret: env.STRIPE_TEST_WEBHOOK_SECRET || "whsec_ConnectorsSmokeNotVerifyingEvents" },
      apiBase: env.STRIPE_API_BASE || null,
    };
  },
  journeys: [
    { name: "credentials (balance)", run: (live) => live.test() },
    {
      name: "direct card sale",
      async run(live, run) {
        const r = await live.authorize({ transactionId: `${run}_sale`, amount: 1_000n, currency: "EUR", method: "card", card: card("4242424242424242"), idempotencyKey: `${run}-sale` });
        expectThat(r.status === "succeeded", `expected succeeded, got ${r.status}`);
        const again = await live.status({ providerRef: r.providerRef, kind: "payment" });
        expectThat(again.status === "succeeded", `status query: expected succeeded, got ${again.status}`);
        return `${r.providerRef} succeeded; status query agrees`;
      },
    },
    {
      name: "decline",
      async run(live, run) {
        const r = await live.authorize({ transactionId: `${run}_decline`, amount: 1_000n, currency: "EUR", method: "card", card: card("4000000000000002"), idempotencyKey: `${run}-decline` });
        expectThat(r.status === "declined", `expected declined, got ${r.status}`);
        return `declined as ${r.code}`;
      },
    },
    {
      name: "3-D Secure",
      async run(live, run) {
        const r = await live.authorize({ transactionId: `${run}_3ds`, amount: 1_000n, currency: "EUR", method: "card", card: card("4000002500003155"), returnUrl: RETURN_URL, idempotencyKey: `${run}-3ds` });
        expectThat(r.status === "requires_action" && "url" in r, `expected requires_action with a url, got ${r.status}`);
        // The challenge needs a browser; leave nothing open.
        await live.release({ transactionId: `${run}_3ds`, providerRef: r.providerRef, amount: 1_000n, currency: "EUR", idempotencyKey: `${run}-3ds-release` });
        return `${r.providerRef} asks for the customer (redirect url); released`;
      },
    },
    {
      name: "authorize, partial capture, partial refund",
      async run(live, run) {
        const auth = await live.authorize({ transactionId: `${run}_auth`, amount: 2_000n, currency: "EUR", method: "card", card: card("4242424242424242"), capture: "manual", idempotencyKey: `${run}-auth` });
        expectThat(auth.status === "succeeded", `authorize: expected succeeded, got ${auth.status}`);
        const captured = await live.capture({ transactionId: `${run}_auth`, providerRef: auth.providerRef, amount: 1_500n, currency: "EUR", idempotencyKey: `${run}-capture` });
        expectThat(captured.status === "succeeded", `capture: expected succeeded, got ${captured.status}`);
        const refund = await live.refund({ transactionId: `${run}_refund`, parentProviderRef: auth.providerRef, amount: 500n, currency: "EUR", idempotencyKey: `${run}-refund` });
        expectThat(refund.status === "succeeded" || refund.status === "pending", `refund: expected succeeded or pending, got ${refund.status}`);
        return `15.00 of 20.00 captured, 5.00 refunded (${refund.status})`;
      },
    },
    {
      name: "void",
      async run(live, run) {
        const auth = await live.authorize({ transactionId: `${run}_void`, amount: 1_000n, currency: "EUR", method: "card", card: card("4242424242424242"), capture: "manual", idempotencyKey: `${run}-void-auth` });
        expectThat(auth.status === "succeeded", `authorize: expected succeeded, got ${auth.status}`);
        const released = await live.release({ transactionId: `${run}_void`, providerRef: auth.providerRef, amount: 1_000n, currency: "EUR", idempotencyKey: `${run}-void` });
        expectThat(released.status === "succeeded", `void: expected succeeded, got ${released.status}`);
        return `${auth.providerRef} held and released`;
      },
    },
  ],
};
