// The Stripe connector over the official library, against the emulator as a
// real HTTP server: what each Stripe answer becomes (the four results, the
// seed's decline codes) and how each failure is classified (SPEC §21: fail
// over only when Stripe certainly did not take the payment).
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { outcomeOfError } from "@/lib/providers/call-provider";
import { createStripeConnector } from "@/lib/providers/stripe/connector";
import type { AuthorizeInput } from "@/lib/providers/types";
import { startEmulator } from "../emulators/start-emulator";
import type { StripeEmulator } from "../emulators/stripe/server";

let stripe: StripeEmulator;
const credentials = { secretKey: "sk_live_emulator0000000000000000", webhookSecret: "whsec_emulator000000000000000000" };
const connector = (timeoutMs = 5_000) => createStripeConnector(credentials, { environment: "production", apiBase: stripe.apiBase, timeoutMs });

let n = 0;
function sale(cardNumber: string, overrides: Partial<AuthorizeInput> = {}): AuthorizeInput {
  const transactionId = `tx_stripe${++n}${Date.now()}`;
  return {
    transactionId,
    amount: 2_000n,
    currency: "EUR",
    method: "card",
    card: { number: cardNumber, expMonth: 12, expYear: new Date().getUTCFullYear() + 2, cvc: "123" },
    idempotencyKey: `sluice-pa_${transactionId}`,
    reference: { transactionId, attemptId: `pa_${transactionId}` },
    returnUrl: "http://localhost:3000/checkout/pay/token/return",
    ...overrides,
  };
}

beforeAll(async () => {
  stripe = await startEmulator("stripe");
});
afterEach(async () => {
  await stripe.clearFaults();
});
afterAll(async () => {
  await stripe.close();
});

describe("answers", () => {
  it("a card sale succeeds with the card summary and Stripe's fee from the balance transaction", async () => {
    const refs: string[] = [];
    const result = await connector().authorize({ ...sale("4242424242424242"), onProviderRef: async (ref) => void refs.push(ref) });
    expect(result).toMatchObject({ status: "succeeded", card: { brand: "visa", last4: "4242" }, capturedAmount: 2_000n, fee: { amount: 88n, currency: "EUR" } });
    // The PaymentIntent's id was known before the money step.
    expect(refs).toEqual([result.providerRef]);
    expect(stripe.paymentIntents.get(result.providerRef!)?.metadata.sluice_transaction).toMatch(/^tx_stripe/);
  });

  it.each([
    ["4000000000000002", "card_declined", false],
    ["4000000000009995", "insufficient_funds", false],
    ["4000000000000069", "expired_card", false],
    ["4000000000000127", "incorrect_cvc", false],
    ["4000000000000119", "processing_error", true],
  ])("card %s declines with the seed's %s", async (number, code, retryElsewhere) => {
    const result = await connector().authorize(sale(number));
    expect(result).toMatchObject({ status: "declined", code, retryElsewhere });
  });

  it("a 3-D Secure card asks for the customer with Stripe's redirect URL", async () => {
    const result = await connector().authorize(sale("4000002500003155"));
    expect(result).toMatchObject({ status: "requires_action", action: "redirect" });
    expect(result.status === "requires_action" && result.action === "redirect" && result.url).toContain(`${stripe.apiBase}/_emulator/authenticate/`);
  });

  it("Klarna and iDEAL are redirect payments", async () => {
    const klarna = await connector().authorize({ ...sale(""), method: "bnpl", card: undefined, customer: { email: "jane@example.com", country: "DE" } });
    const ideal = await connector().authorize({ ...sale(""), method: "bank_transfer", card: undefined });
    expect(klarna).toMatchObject({ status: "requires_action", action: "redirect" });
    expect(ideal).toMatchObject({ status: "requires_action", action: "redirect" });
  });

  it("an authorization is captured in part, refunded, and its status read back", async () => {
    const c = connector();
    const input = sale("4242424242424242", { capture: "manual" });
    const hold = await c.authorize(input);
    expect(hold).toMatchObject({ status: "succeeded" });
    expect(hold.status === "succeeded" && hold.fee).toBeUndefined();
    const captured = await c.capture({ transactionId: input.transactionId, providerRef: hold.providerRef!, amount: 1_500n, currency: "EUR" });
    expect(captured).toMatchObject({ status: "succeeded", capturedAmount: 1_500n, fee: { amount: 74n } });
    const refund = await c.refund({ transactionId: "tx_refund1", parentProviderRef: hold.providerRef!, amount: 500n, currency: "EUR" });
    expect(refund).toMatchObject({ status: "succeeded" });
    // Asked again (an answer lost, a retry a day later), the same refund is found, not made twice.
    const again = await c.refund({ transactionId: "tx_refund1", parentProviderRef: hold.providerRef!, amount: 500n, currency: "EUR" });
    expect(again.providerRef).toBe(refund.providerRef);
    expect([...stripe.refunds.values()].filter((r) => r.payment_intent === hold.providerRef!)).toHaveLength(1);
    expect(await c.status({ kind: "payment", providerRef: hold.providerRef! })).toMatchObject({ status: "succeeded", capturedAmount: 1_500n });
  });

  it("a void cancels the hold, twice as harmlessly as once", async () => {
    const c = connector();
    const input = sale("4242424242424242", { capture: "manual" });
    const hold = await c.authorize(input);
    const hold2 = { transactionId: input.transactionId, providerRef: hold.providerRef!, amount: 2_000n, currency: "EUR" };
    expect(await c.release(hold2)).toMatchObject({ status: "succeeded" });
    expect(await c.release({ ...hold2, idempotencyKey: "another-key" })).toMatchObject({ status: "succeeded" });
    expect(stripe.paymentIntents.get(hold.providerRef!)?.status).toBe("canceled");
  });

  it("the credentials test reads the balance", async () => {
    await expect(connector().test()).resolves.toMatch(/live mode/);
  });
});

describe("failures", () => {
  it("refused connections: certainly not taken, a transport failure", async () => {
    await stripe.fault("refuse");
    const failure = await connector().authorize(sale("4242424242424242")).then(() => null, outcomeOfError);
    expect(failure).toMatchObject({ kind: "not_taken", reason: "connection_refused", transport: true });
  });

  it("a timeout after Stripe took the payment: unknown, never not-taken", async () => {
    await stripe.fault("timeout_after", { on: "confirm" });
    const input = sale("4242424242424242");
    const failure = await connector(500).authorize(input).then(() => null, outcomeOfError);
    expect(failure).toMatchObject({ kind: "unknown", reason: "timeout", transport: true });
    expect(stripe.paymentIntentFor(input.transactionId)[0]?.status).toBe("succeeded");
  });

  it("a timeout of the create step cannot have taken anything", async () => {
    await stripe.fault("timeout_before", { on: "create" });
    const failure = await connector(500).authorize(sale("4242424242424242")).then(() => null, outcomeOfError);
    expect(failure).toMatchObject({ kind: "not_taken", reason: "timeout" });
  });

  it("5xx on the confirm, twice with the same key, and the PaymentIntent never confirmed: not taken, and canceled", async () => {
    await stripe.fault("server_error", { on: "confirm" });
    const input = sale("4242424242424242");
    const failure = await connector().authorize(input).then(() => null, outcomeOfError);
    expect(failure).toMatchObject({ kind: "not_taken", reason: "server_error", transport: true });
    const [pi] = stripe.paymentIntentFor(input.transactionId);
    expect(pi?.status).toBe("canceled");
    const confirms = stripe.requests.filter((r) => r.path === `/v1/payment_intents/${pi!.id}/confirm`);
    expect(new Set(confirms.map((r) => r.idempotencyKey)).size).toBe(1);
  });

  it("5xx once, then Stripe answers the same key: the answer stands", async () => {
    await stripe.fault("server_error", { on: "confirm", times: 1 });
    const result = await connector().authorize(sale("4242424242424242"));
    expect(result).toMatchObject({ status: "succeeded" });
  });
});
