// SPEC §12 card payments on the hosted checkout: each test card's outcome,
// three attempts then DECLINED, the verification step, and the double-submit
// guard (a double-clicked Pay charges once).
import { describe, expect, it } from "vitest";
import { confirmVerification } from "@/lib/checkout/confirm-verification";
import { loadCheckoutSession } from "@/lib/checkout/load-checkout-session";
import { payWithCard } from "@/lib/checkout/pay-with-card";
import { env } from "@/lib/env";
import { card } from "../api/helpers";
import { pgDump } from "../helpers/pg-dump";
import { CARDS, cardFields, eventTypes, merchantWithFunds, openCheckout, saleCredits, transactionRow } from "./helpers";

describe("paying by card on the checkout", () => {
  it.each([
    ["Visa", CARDS.visa, "visa", "4242"],
    ["Mastercard", CARDS.mastercard, "mastercard", "4444"],
  ])("%s succeeds: SUCCESS, the merchant is credited once, only brand and last 4 are kept", async (_name, number, brand, last4) => {
    const m = await merchantWithFunds();
    const sale = await openCheckout(m);
    expect(await payWithCard({ token: sale.token, expectedAttempts: 0, fields: cardFields(number) })).toEqual({ kind: "finished" });
    const t = await transactionRow(sale.id);
    expect(t).toMatchObject({ status: "SUCCESS", cardBrand: brand, cardLast4: last4, cardExpMonth: 12, checkoutAttempts: 1 });
    expect(await eventTypes(sale.id)).toEqual(["transaction.processing", "transaction.succeeded"]);
    expect(await saleCredits(sale.id)).toBe(1);
    expect(JSON.stringify(t.providerState)).not.toContain(number);
  });

  it.each([
    [CARDS.declined, "card_declined"],
    [CARDS.insufficientFunds, "insufficient_funds"],
    [CARDS.expired, "expired_card"],
    [CARDS.incorrectCvc, "incorrect_cvc"],
    [CARDS.processingError, "processing_error"],
  ])("%s is declined with %s, the sale stays open and the customer may retry", async (number, code) => {
    const m = await merchantWithFunds();
    const sale = await openCheckout(m);
    expect(await payWithCard({ token: sale.token, expectedAttempts: 0, fields: cardFields(number) })).toEqual({ kind: "declined", reason: code, attempts: 1, attemptsLeft: 2 });
    expect(await transactionRow(sale.id)).toMatchObject({ status: "PROCESSING", checkoutAttempts: 1, declineCode: null });
    const session = await loadCheckoutSession(sale.token);
    expect(session?.state).toMatchObject({ step: "idle", lastDecline: { code } });
    // The retry with a good card goes through.
    expect(await payWithCard({ token: sale.token, expectedAttempts: 1, fields: cardFields(CARDS.visa) })).toEqual({ kind: "finished" });
    expect((await transactionRow(sale.id)).status).toBe("SUCCESS");
  });

  it("DECLINES the sale with the last reason after the third declined attempt", async () => {
    const m = await merchantWithFunds();
    const sale = await openCheckout(m);
    await payWithCard({ token: sale.token, expectedAttempts: 0, fields: cardFields(CARDS.declined) });
    await payWithCard({ token: sale.token, expectedAttempts: 1, fields: cardFields(CARDS.expired) });
    expect(await payWithCard({ token: sale.token, expectedAttempts: 2, fields: cardFields(CARDS.insufficientFunds) })).toEqual({ kind: "finished" });
    expect(await transactionRow(sale.id)).toMatchObject({ status: "DECLINED", declineCode: "insufficient_funds", checkoutAttempts: 3, cardLast4: "9995" });
    expect(await eventTypes(sale.id)).toEqual(["transaction.processing", "transaction.declined"]);
    // No fourth attempt, whatever the form claims.
    expect(await payWithCard({ token: sale.token, expectedAttempts: 3, fields: cardFields(CARDS.visa) })).toEqual({ kind: "closed" });
    expect(await saleCredits(sale.id)).toBe(0);
  });

  it("refuses invalid fields before anything reaches the provider, and uses no attempt", async () => {
    const m = await merchantWithFunds();
    const sale = await openCheckout(m);
    const result = await payWithCard({ token: sale.token, expectedAttempts: 0, fields: { cardNumber: "4242 4242 4242 4241", expiry: "01/20", cvc: "12", name: " " } });
    expect(result).toEqual({ kind: "invalid", errors: { cardNumber: "cardNumberInvalid", expiry: "expiryPast", cvc: "cvcInvalid", name: "nameRequired" } });
    expect((await transactionRow(sale.id)).checkoutAttempts).toBe(0);
  });

  it("charges a double-clicked Pay once: the second request waits and reports the same success", async () => {
    const m = await merchantWithFunds();
    const sale = await openCheckout(m);
    const submit = () => payWithCard({ token: sale.token, expectedAttempts: 0, fields: cardFields(CARDS.visa) });
    const results = await Promise.all([submit(), submit(), submit()]);
    expect(results).toEqual([{ kind: "finished" }, { kind: "finished" }, { kind: "finished" }]);
    expect(await transactionRow(sale.id)).toMatchObject({ status: "SUCCESS", checkoutAttempts: 1 });
    expect(await saleCredits(sale.id)).toBe(1);
    expect((await eventTypes(sale.id)).filter((e) => e === "transaction.succeeded")).toHaveLength(1);
  });

  it("counts a double-clicked declined Pay as one attempt, and both clicks show the decline", async () => {
    const m = await merchantWithFunds();
    const sale = await openCheckout(m);
    const submit = () => payWithCard({ token: sale.token, expectedAttempts: 0, fields: cardFields(CARDS.declined) });
    const results = await Promise.all([submit(), submit()]);
    for (const r of results) expect(r).toEqual({ kind: "declined", reason: "card_declined", attempts: 1, attemptsLeft: 2 });
    expect((await transactionRow(sale.id)).checkoutAttempts).toBe(1);
  });

  it("treats a resubmitted old form (stale attempt count) as the earlier attempt, not a new one", async () => {
    const m = await merchantWithFunds();
    const sale = await openCheckout(m);
    await payWithCard({ token: sale.token, expectedAttempts: 0, fields: cardFields(CARDS.declined) });
    expect(await payWithCard({ token: sale.token, expectedAttempts: 0, fields: cardFields(CARDS.declined) })).toMatchObject({ kind: "declined", attempts: 1 });
    expect((await transactionRow(sale.id)).checkoutAttempts).toBe(1);
  });
});

describe("the verification card (4000 0000 0000 3220)", () => {
  it("asks for a code; a wrong code may be retried; 123456 completes the payment", async () => {
    const m = await merchantWithFunds();
    const sale = await openCheckout(m);
    expect(await payWithCard({ token: sale.token, expectedAttempts: 0, fields: cardFields(CARDS.verification) })).toEqual({ kind: "next" });
    expect(await transactionRow(sale.id)).toMatchObject({ status: "PROCESSING", cardLast4: "3220", providerState: { step: "verification", codeTries: 0 } });
    expect(await confirmVerification({ token: sale.token, code: "12ab" })).toEqual({ kind: "invalid", errors: { code: "invalidCode" } });
    expect(await confirmVerification({ token: sale.token, code: "000000" })).toEqual({ kind: "wrong_code", triesLeft: 2 });
    expect(await confirmVerification({ token: sale.token, code: "123456" })).toEqual({ kind: "finished" });
    expect(await transactionRow(sale.id)).toMatchObject({ status: "SUCCESS", cardBrand: "visa", cardLast4: "3220" });
    expect(await saleCredits(sale.id)).toBe(1);
  });

  it("counts three wrong codes as a declined attempt; the customer may then use another card", async () => {
    const m = await merchantWithFunds();
    const sale = await openCheckout(m);
    await payWithCard({ token: sale.token, expectedAttempts: 0, fields: cardFields(CARDS.verification) });
    await confirmVerification({ token: sale.token, code: "111111" });
    await confirmVerification({ token: sale.token, code: "222222" });
    expect(await confirmVerification({ token: sale.token, code: "333333" })).toEqual({ kind: "declined", reason: "verification_failed", attempts: 1, attemptsLeft: 2 });
    expect(await payWithCard({ token: sale.token, expectedAttempts: 1, fields: cardFields(CARDS.mastercard) })).toEqual({ kind: "finished" });
  });

  it("continues a sale created through the API with the verification card: the code step comes first", async () => {
    const m = await merchantWithFunds();
    const sale = await openCheckout(m, { paymentMethodInput: card(CARDS.verification) });
    const session = await loadCheckoutSession(sale.token);
    expect(session).toMatchObject({ view: "open", state: { step: "verification" } });
    expect(await confirmVerification({ token: sale.token, code: "123456" })).toEqual({ kind: "finished" });
    expect((await transactionRow(sale.id)).status).toBe("SUCCESS");
  });

  it("checks a double-submitted code once", async () => {
    const m = await merchantWithFunds();
    const sale = await openCheckout(m);
    await payWithCard({ token: sale.token, expectedAttempts: 0, fields: cardFields(CARDS.verification) });
    const results = await Promise.all([confirmVerification({ token: sale.token, code: "123456" }), confirmVerification({ token: sale.token, code: "123456" })]);
    expect(results).toEqual([{ kind: "finished" }, { kind: "finished" }]);
    expect(await saleCredits(sale.id)).toBe(1);
  });
});

describe("card data at rest", () => {
  it("leaves no card number or CVC anywhere in the database after checkout payments", async () => {
    const m = await merchantWithFunds();
    const numbers = [CARDS.visa, CARDS.declined, CARDS.verification];
    const sale = await openCheckout(m);
    await payWithCard({ token: sale.token, expectedAttempts: 0, fields: cardFields(CARDS.declined, { cvc: "987" }) });
    await payWithCard({ token: sale.token, expectedAttempts: 1, fields: cardFields(CARDS.verification, { cvc: "987" }) });
    await confirmVerification({ token: sale.token, code: "123456" });
    const other = await openCheckout(m);
    await payWithCard({ token: other.token, expectedAttempts: 0, fields: cardFields(CARDS.visa, { cvc: "987" }) });
    const dump = pgDump(env.DATABASE_URL, "data");
    for (const n of numbers) {
      expect(dump).not.toContain(n);
      expect(dump).not.toContain(n.replace(/(\d{4})(?=\d)/g, "$1 "));
    }
    // No stored JSON (provider state, request log, events) carries a security code.
    expect(dump).not.toMatch(/"(cvc|cvv)"\s*:\s*"?987/i);
  });
});
