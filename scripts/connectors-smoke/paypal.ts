// PayPal's journeys for `npm run connectors:smoke`: the calls Sluice makes,
// against PayPal's sandbox with a Sandbox REST app's client id and secret —
// or against PAYPAL_API_BASE (the emulator in
// tests/connectors/connectors-smoke.test.ts). A PayPal payment completes
// only after a buyer approves it on PayPal's page, which a smoke run cannot
// do, so the journeys stop at the approval link (and check that the order
// is still waiting for it); a payout needs no human and is sent for real
// (sandbox money), to PAYPAL_TEST_PAYOUT_EMAIL. Nothing here verifies
// webhooks, so the webhook id is optional.
import { expectThat, type SmokeEntry } from "./smoke-entry";

/** Where the buyer would come back from PayPal's page; never opened by the smoke run. */
const RETURN_URL = "https://example.com/sluice-smoke/return";

export const paypalSmoke: SmokeEntry = {
  provider: "paypal",
  needs: [
    { variable: "PAYPAL_SANDBOX_CLIENT_ID", what: "the Sandbox REST app's client id" },
    { variable: "PAYPAL_SANDBOX_CLIENT_SECRET", what: "the Sandbox REST app's secret" },
    { variable: "PAYPAL_SANDBOX_WEBHOOK_ID", what: "the sandbox webhook's id (not used by the journeys)", optional: true },
    { variable: "PAYPAL_TEST_PAYOUT_EMAIL", what: "a sandbox account's e-mail the payout journey pays (default sluice-smoke@example.com)", optional: true },
    { variable: "PAYPAL_API_BASE", what: "send the requests here instead of api-m.sandbox.paypal.com (an egress proxy, the emulator)", optional: true },
  ],
  fromEnvironment(env) {
    if (!env.PAYPAL_SANDBOX_CLIENT_ID || !env.PAYPAL_SANDBOX_CLIENT_SECRET) return null;
    return {
      credentials: { clientId: env.PAYPAL_SANDBOX_CLIENT_ID, clientSecret: env.PAYPAL_SANDBOX_CLIENT_SECRET, webhookId: env.PAYPAL_SANDBOX_WEBHOOK_ID || "SMOKENOTVERIFYINGEVENTS" },
      apiBase: env.PAYPAL_API_BASE || null,
    };
  },
  journeys: [
    { name: "credentials (OAuth token)", run: (live) => live.test() },
    {
      name: "order with approval link",
      async run(live, run) {
        const r = await live.authorize({ transactionId: `${run}_sale`, amount: 1_000n, currency: "EUR", method: "ewallet", returnUrl: RETURN_URL, idempotencyKey: `${run}-sale` });
        expectThat(r.status === "requires_action" && "url" in r, `expected requires_action with the approval url, got ${r.status}`);
        const again = await live.status({ providerRef: r.providerRef, kind: "payment" });
        // Nothing moves before the buyer approves: asking again finds the order still waiting for them.
        expectThat(again.status === "requires_action", `status query: expected requires_action (waiting for the buyer), got ${again.status}`);
        return `order ${r.providerRef} waits for the buyer (approval link); status query agrees`;
      },
    },
    {
      name: "authorize intent order, released",
      async run(live, run) {
        const r = await live.authorize({ transactionId: `${run}_auth`, amount: 2_000n, currency: "EUR", method: "ewallet", capture: "manual", returnUrl: RETURN_URL, idempotencyKey: `${run}-auth` });
        expectThat(r.status === "requires_action" && "url" in r, `expected requires_action with the approval url, got ${r.status}`);
        const released = await live.release({ transactionId: `${run}_auth`, providerRef: r.providerRef, amount: 2_000n, currency: "EUR", idempotencyKey: `${run}-release` });
        expectThat(released.status === "succeeded", `release: expected succeeded (nothing held), got ${released.status}`);
        return `order ${r.providerRef} (AUTHORIZE) waits for the buyer; released, nothing held`;
      },
    },
    {
      name: "payout",
      async run(live, run) {
        const email = process.env.PAYPAL_TEST_PAYOUT_EMAIL || "sluice-smoke@example.com";
        const r = await live.payout({ transactionId: `${run}_payout`, amount: 100n, currency: "EUR", method: "ewallet", destination: { email } });
        expectThat(r.status === "pending" || r.status === "succeeded", `expected pending or succeeded, got ${r.status}`);
        const again = await live.status({ providerRef: r.providerRef, kind: "payout" });
        expectThat(again.status === "pending" || again.status === "succeeded", `status query: expected pending or succeeded, got ${again.status}`);
        return `batch ${r.providerRef} to ${email}: ${again.status}`;
      },
    },
  ],
};
