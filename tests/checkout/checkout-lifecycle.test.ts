// SPEC §12 around the payment: the page's view of a sale, cancel, expiry
// (including its race with a payment), and the methods the customer completes
// elsewhere (bank transfer, e-wallet, crypto, BNPL) with their delayed confirmation.
import { describe, expect, it } from "vitest";
import { cancelCheckout } from "@/lib/checkout/cancel-checkout";
import { claimCardAttempt } from "@/lib/checkout/claim-step";
import { expireCheckoutIfDue } from "@/lib/checkout/expire-checkout";
import { loadCheckoutSession } from "@/lib/checkout/load-checkout-session";
import { payWithCard } from "@/lib/checkout/pay-with-card";
import { settleCheckoutJob, settleDuePayment } from "@/lib/checkout/settle-checkout";
import { approveBnpl, approveWallet, CRYPTO_MIN_CONFIRMATION_MS, reportTransferSent, simulateDecline } from "@/lib/checkout/simulate-provider";
import { jobQueue } from "@/lib/jobs/enqueue-job";
import { CARDS, cardFields, eventTypes, merchantWithFunds, openCheckout, saleCredits, setExpiresAt, transactionRow } from "./helpers";

const later = (ms: number) => new Date(Date.now() + ms);

describe("the checkout session", () => {
  it("shows the merchant, the amount's currency, the method and the sale's locale; unknown tokens are not found", async () => {
    const m = await merchantWithFunds();
    const sale = await openCheckout(m, { locale: "de-DE", currency: "EUR", paymentMethod: "paypal" });
    const session = await loadCheckoutSession(sale.token);
    expect(session).toMatchObject({ view: "open", merchantName: m.merchant.name, methodType: "ewallet", methodName: "PayPal", locale: { language: "de", tag: "de-DE" }, testMode: true, attemptsLeft: 3 });
    expect(session?.transaction.currency).toBe("EUR");
    expect(await loadCheckoutSession("A".repeat(32))).toBeNull();
    expect(await loadCheckoutSession("../../etc/passwd")).toBeNull();
    expect(await loadCheckoutSession(sale.id)).toBeNull();
  });

  it("sends the customer to successUrl with transactionId, orderId and status, keeping the merchant's own parameters", async () => {
    const m = await merchantWithFunds();
    const sale = await openCheckout(m, { successUrl: "https://shop.example.com/thanks?cart=42" });
    await payWithCard({ token: sale.token, expectedAttempts: 0, fields: cardFields(CARDS.visa) });
    const session = await loadCheckoutSession(sale.token);
    const t = await transactionRow(sale.id);
    const url = new URL(session!.outcomeUrl!);
    expect(url.origin + url.pathname).toBe("https://shop.example.com/thanks");
    expect(Object.fromEntries(url.searchParams)).toEqual({ cart: "42", transactionId: sale.id, orderId: t.orderId, status: "SUCCESS" });
    expect(session).toMatchObject({ view: "finished", returnUrl: "https://shop.example.com/cart" });
  });
});

describe("cancel", () => {
  it("CANCELS the sale and sends the customer to returnUrl; the token can no longer pay", async () => {
    const m = await merchantWithFunds();
    const sale = await openCheckout(m);
    expect(await cancelCheckout({ token: sale.token })).toEqual({ kind: "finished" });
    expect((await transactionRow(sale.id)).status).toBe("CANCELED");
    expect(await eventTypes(sale.id)).toEqual(["transaction.processing", "transaction.canceled"]);
    const session = await loadCheckoutSession(sale.token);
    expect(new URL(session!.outcomeUrl!).searchParams.get("status")).toBe("CANCELED");
    expect(session!.outcomeUrl).toMatch(/^https:\/\/shop\.example\.com\/cart\?/);
    expect(await payWithCard({ token: sale.token, expectedAttempts: 0, fields: cardFields(CARDS.visa) })).toEqual({ kind: "closed" });
    expect(await saleCredits(sale.id)).toBe(0);
  });

  it("is refused while a card attempt is with the provider", async () => {
    const m = await merchantWithFunds();
    const sale = await openCheckout(m);
    expect(await claimCardAttempt(sale.id, 0)).toBe(true);
    expect(await cancelCheckout({ token: sale.token })).toEqual({ kind: "busy" });
    expect((await transactionRow(sale.id)).status).toBe("PROCESSING");
  });
});

describe("expiry", () => {
  it("EXPIRES a sale past its expiresAt as soon as the page is opened, once", async () => {
    const m = await merchantWithFunds();
    const sale = await openCheckout(m);
    await setExpiresAt(sale.id, new Date(Date.now() - 1000));
    const session = await loadCheckoutSession(sale.token);
    expect(session).toMatchObject({ view: "expired", returnUrl: "https://shop.example.com/cart" });
    await loadCheckoutSession(sale.token);
    expect(await eventTypes(sale.id)).toEqual(["transaction.processing", "transaction.expired"]);
  });

  it("starts no payment after expiresAt, even before anything has expired the sale", async () => {
    const m = await merchantWithFunds();
    const sale = await openCheckout(m);
    await setExpiresAt(sale.id, new Date(Date.now() - 1000));
    expect(await payWithCard({ token: sale.token, expectedAttempts: 0, fields: cardFields(CARDS.visa) })).toEqual({ kind: "next" });
    expect(await transactionRow(sale.id)).toMatchObject({ status: "PROCESSING", checkoutAttempts: 0 });
    expect(await saleCredits(sale.id)).toBe(0);
  });

  it("lets a payment claimed before expiry finish: the expiry waits for the provider's answer", async () => {
    const m = await merchantWithFunds();
    const sale = await openCheckout(m);
    expect(await claimCardAttempt(sale.id, 0)).toBe(true);
    await setExpiresAt(sale.id, new Date(Date.now() - 1000));
    expect(await expireCheckoutIfDue(await transactionRow(sale.id))).toBe(false);
    expect((await transactionRow(sale.id)).status).toBe("PROCESSING");
  });

  it("moves a racing payment and expiry to exactly one final status", async () => {
    const m = await merchantWithFunds();
    const sale = await openCheckout(m);
    await setExpiresAt(sale.id, later(30));
    const [paid] = await Promise.all([
      payWithCard({ token: sale.token, expectedAttempts: 0, fields: cardFields(CARDS.visa) }),
      new Promise((r) => setTimeout(r, 30)).then(async () => expireCheckoutIfDue(await transactionRow(sale.id))),
    ]);
    const t = await transactionRow(sale.id);
    expect(["SUCCESS", "EXPIRED"]).toContain(t.status);
    const finals = (await eventTypes(sale.id)).filter((e) => e !== "transaction.processing");
    expect(finals).toHaveLength(1);
    expect(await saleCredits(sale.id)).toBe(t.status === "SUCCESS" ? 1 : 0);
    // The customer who paid sees the outcome; when the expiry won, the page shows it closed, its final state (the
    // expiry moved it before the card attempt was claimed), or where it stands (the deadline passed before the claim
    // and the expiry had not committed yet: the page, shown again, is expired) — never a success that was not recorded.
    if (t.status === "SUCCESS") expect(paid.kind).toBe("finished");
    else expect(["closed", "finished", "next"]).toContain(paid.kind);
  });
});

describe("bank transfer", () => {
  it('"I have paid" settles after the simulated delay: the job is scheduled, and a page view after settlesAt finishes it too', async () => {
    const m = await merchantWithFunds();
    const sale = await openCheckout(m, { paymentMethod: "bank_transfer" });
    expect(await reportTransferSent({ token: sale.token })).toEqual({ kind: "next" });
    const t = await transactionRow(sale.id);
    expect(t.providerState).toMatchObject({ step: "settling" });
    expect(await jobQueue(settleCheckoutJob.queue).getJob(`checkout-settle-${sale.id}`)).toBeTruthy();
    // Cancel is no longer possible once the money is on its way.
    expect(await cancelCheckout({ token: sale.token })).toEqual({ kind: "next" });
    expect(await settleDuePayment(sale.id, new Date(Date.now() - 60_000))).toBe("not_due");
    const session = await loadCheckoutSession(sale.token, later(60_000));
    expect(session?.view).toBe("finished");
    expect(await transactionRow(sale.id)).toMatchObject({ status: "SUCCESS" });
    expect(await saleCredits(sale.id)).toBe(1);
    expect(await settleDuePayment(sale.id, later(60_000))).toBe("not_settling");
  });

  it('"Simulate failed transfer" DECLINES with provider_rejected', async () => {
    const m = await merchantWithFunds();
    const sale = await openCheckout(m, { paymentMethod: "bank_transfer" });
    expect(await simulateDecline({ token: sale.token })).toEqual({ kind: "finished" });
    expect(await transactionRow(sale.id)).toMatchObject({ status: "DECLINED", declineCode: "provider_rejected" });
  });

  it("keeps a transfer the customer has sent from expiring before it settles", async () => {
    const m = await merchantWithFunds();
    const sale = await openCheckout(m, { paymentMethod: "bank_transfer" });
    await setExpiresAt(sale.id, later(2000));
    await reportTransferSent({ token: sale.token });
    const t = await transactionRow(sale.id);
    expect(t.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 5 * 60_000);
  });
});

describe("e-wallet, crypto and BNPL", () => {
  it("e-wallet Approve succeeds; the documented e-mail decline@example.com declines; a malformed e-mail is a field error", async () => {
    const m = await merchantWithFunds();
    const ok = await openCheckout(m, { paymentMethod: "paypal" });
    expect(await approveWallet({ token: ok.token, email: "not-an-email" })).toEqual({ kind: "invalid", errors: { email: "invalidEmail" } });
    expect(await approveWallet({ token: ok.token, email: "jane@example.com" })).toEqual({ kind: "finished" });
    expect((await transactionRow(ok.id)).status).toBe("SUCCESS");
    const no = await openCheckout(m, { paymentMethod: "paypal" });
    expect(await approveWallet({ token: no.token, email: "Decline@Example.com" })).toEqual({ kind: "finished" });
    expect(await transactionRow(no.id)).toMatchObject({ status: "DECLINED", declineCode: "provider_rejected" });
  });

  it("crypto: opening the page starts the confirmation clock once; it confirms when due, or Simulate failure declines", async () => {
    const m = await merchantWithFunds();
    const sale = await openCheckout(m, { paymentMethod: "crypto" });
    const first = await loadCheckoutSession(sale.token);
    expect(first?.state).toMatchObject({ step: "settling" });
    const settlesAt = Date.parse((first!.state as { settlesAt: string }).settlesAt);
    expect(settlesAt).toBeGreaterThanOrEqual(Date.now() + CRYPTO_MIN_CONFIRMATION_MS - 1000);
    const again = await loadCheckoutSession(sale.token);
    expect(again?.state).toEqual(first?.state);
    expect((await loadCheckoutSession(sale.token, new Date(settlesAt + 1)))?.view).toBe("finished");
    expect((await transactionRow(sale.id)).status).toBe("SUCCESS");

    const failing = await openCheckout(m, { paymentMethod: "crypto" });
    await loadCheckoutSession(failing.token);
    expect(await simulateDecline({ token: failing.token })).toEqual({ kind: "finished" });
    expect(await transactionRow(failing.id)).toMatchObject({ status: "DECLINED", declineCode: "provider_rejected" });
  });

  it("BNPL approves with a plan this amount allows, declines on Decline", async () => {
    const m = await merchantWithFunds();
    const sale = await openCheckout(m, { paymentMethod: "bnpl", amount: 10_000 });
    expect(await approveBnpl({ token: sale.token, plan: "pay_in_12" })).toEqual({ kind: "invalid", errors: { plan: "planRequired" } });
    expect(await approveBnpl({ token: sale.token, plan: "pay_in_4" })).toEqual({ kind: "finished" });
    expect((await transactionRow(sale.id)).status).toBe("SUCCESS");
    const declined = await openCheckout(m, { paymentMethod: "bnpl" });
    expect(await simulateDecline({ token: declined.token })).toEqual({ kind: "finished" });
    expect((await transactionRow(declined.id)).status).toBe("DECLINED");
  });

  it("refuses a method's simulation on another method's sale", async () => {
    const m = await merchantWithFunds();
    const sale = await openCheckout(m);
    expect(await approveWallet({ token: sale.token, email: "jane@example.com" })).toEqual({ kind: "closed" });
    expect(await simulateDecline({ token: sale.token })).toEqual({ kind: "closed" });
    expect((await transactionRow(sale.id)).status).toBe("PROCESSING");
  });
});
