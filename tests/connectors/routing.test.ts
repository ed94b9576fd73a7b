// Routes (SPEC §21 `route:set`): where a merchant's payments of a method go,
// optionally by currency and amount, and what makes a production method
// available at all. Until a route exists, production offers nothing (the
// default stays as it was); a sandbox route sends that method to the
// provider's test mode instead of the simulator, and removing it gives the
// method back to the simulator.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { planRoute } from "@/lib/routing/plan-route";
import { setRoute } from "@/lib/routing/set-route";
import { callApi, card, CARDS, merchantWithFunds, payoutBody, saleBody } from "../api/helpers";
import { stripeAccount } from "./helpers";

const actor = { type: "user" as const, id: "usr_ops", email: "ops@example.com" };
let eu: Awaited<ReturnType<typeof stripeAccount>>;
let us: Awaited<ReturnType<typeof stripeAccount>>;

beforeAll(async () => {
  eu = await stripeAccount({ name: "Stripe EU" });
  us = await stripeAccount({ name: "Stripe US" });
});
afterAll(async () => {
  await Promise.all([eu.emulator.close(), us.emulator.close()]);
});

describe("the production catalogue", () => {
  it("offers nothing until a route exists; the first route creates the method from what its connector serves", async () => {
    const m = await merchantWithFunds();
    expect((await callApi("GET /payment-methods", { key: m.keys.production })).body.data).toEqual([]);
    const refused = await callApi("POST /payment/sale", { key: m.keys.production, body: saleBody(m.merchant.id, { paymentMethodInput: card(CARDS.visa), callbackUrl: "https://127.0.0.1:9/cb" }) });
    expect(refused.body).toEqual({ status: false, error: "Payment method not available", param: "paymentMethod" });

    const routes = await setRoute({ merchantId: m.merchant.id, environment: "production", input: { method: "card", connectorIds: [eu.connector.id] }, actor });
    expect(routes).toEqual([{ method: "card", currencies: [], minAmount: null, maxAmount: null, connectors: [{ id: eu.connector.id, name: "Stripe EU", provider: "stripe", enabled: true }] }]);
    const listed = (await callApi("GET /payment-methods", { key: m.keys.production })).body.data;
    expect(listed).toEqual([expect.objectContaining({ slug: "card", type: "card", name: "Card", actions: ["SALE", "AUTHORIZE"], requiresRedirect: false, currencies: expect.arrayContaining(["USD", "EUR", "GBP"]) })]);
    expect(listed[0].id).toMatch(/^cr_/);
    const audit = await db.auditLog.findFirstOrThrow({ where: { merchantId: m.merchant.id, action: "route.set" } });
    expect(audit).toMatchObject({ environment: "production", actorId: "usr_ops", details: { method: "card", connectorIds: [eu.connector.id] } });

    // Removing the last route takes the method off the production catalogue again.
    await setRoute({ merchantId: m.merchant.id, environment: "production", input: { method: "card", connectorIds: [] }, actor });
    expect((await callApi("GET /payment-methods", { key: m.keys.production })).body.data).toEqual([]);
  });

  it("a sandbox route sends the method to the provider's test mode; removed, the simulator has it back", async () => {
    const test = await stripeAccount({ name: "Stripe test mode", environment: "sandbox" });
    try {
      const m = await merchantWithFunds();
      await setRoute({ merchantId: m.merchant.id, environment: "sandbox", input: { method: "card", connectorIds: [test.connector.id] }, actor });
      const routed = await callApi("POST /payment/sale", { key: m.keys.sandbox, body: saleBody(m.merchant.id, { paymentMethodInput: card(CARDS.visa) }) });
      expect(routed.body.transaction.status).toBe("SUCCESS");
      expect(test.emulator.paymentIntentFor(routed.body.transaction.id)).toHaveLength(1);
      await setRoute({ merchantId: m.merchant.id, environment: "sandbox", input: { method: "card", connectorIds: [] }, actor });
      const simulated = await callApi("POST /payment/sale", { key: m.keys.sandbox, body: saleBody(m.merchant.id, { paymentMethodInput: card(CARDS.visa) }) });
      expect(simulated.body.transaction.status).toBe("SUCCESS");
      expect(test.emulator.paymentIntentFor(simulated.body.transaction.id)).toHaveLength(0);
      expect((await db.transaction.findUniqueOrThrow({ where: { id: simulated.body.transaction.id } })).provider).toBe("sandbox");
    } finally {
      await test.emulator.close();
    }
  });

  it("a route takes the method over: what its connector cannot do (Stripe sends no payouts) is no longer offered", async () => {
    const test = await stripeAccount({ name: "Stripe test mode 2", environment: "sandbox" });
    try {
      const m = await merchantWithFunds({ EUR: 100_000 });
      const payout = () => callApi("POST /payment/payout", { key: m.keys.sandbox, body: payoutBody(m.merchant.id, { currency: "EUR", paymentMethod: "bank_transfer", paymentMethodInput: { iban: "DE89370400440532013000", accountHolderName: "Jane Doe" } }) });
      expect((await payout()).status).toBe(201);
      await setRoute({ merchantId: m.merchant.id, environment: "sandbox", input: { method: "bank_transfer", connectorIds: [test.connector.id] }, actor });
      const methods = (await callApi("GET /payment-methods", { key: m.keys.sandbox })).body.data;
      expect(methods.find((x: { slug: string }) => x.slug === "bank_transfer").actions).toEqual(["SALE"]);
      expect((await payout()).body).toEqual({ status: false, error: "Payment method not available", param: "paymentMethod" });
      await setRoute({ merchantId: m.merchant.id, environment: "sandbox", input: { method: "bank_transfer", connectorIds: [] }, actor });
      expect((await payout()).status).toBe(201);
    } finally {
      await test.emulator.close();
    }
  });
});

describe("conditions", () => {
  it("the most specific route that fits the currency and amount decides, whatever the order they were set in", async () => {
    const m = await merchantWithFunds();
    const set = (input: Record<string, unknown>) => setRoute({ merchantId: m.merchant.id, environment: "production", input: { method: "card", ...input }, actor });
    await set({ connectorIds: [us.connector.id] });
    await set({ connectorIds: [eu.connector.id, us.connector.id], currencies: ["EUR"] });
    await set({ connectorIds: [eu.connector.id], minAmount: 100_000 });
    const plan = (currency: string, amount: bigint) => planRoute({ merchantId: m.merchant.id, environment: "production", method: { slug: "card", type: "card" }, action: "SALE", currency, amount }).then((c) => c.map((x) => x.connectorId));
    expect(await plan("EUR", 1_000n)).toEqual([eu.connector.id, us.connector.id]);
    expect(await plan("USD", 1_000n)).toEqual([us.connector.id]);
    expect(await plan("USD", 500_000n)).toEqual([eu.connector.id]);
    // The same condition again replaces its route.
    await set({ connectorIds: [us.connector.id], currencies: ["EUR"] });
    expect(await plan("EUR", 1_000n)).toEqual([us.connector.id]);
  });

  it("a disabled connector is skipped; an action its provider cannot do finds no route", async () => {
    const m = await merchantWithFunds();
    const spare = await stripeAccount({ name: "Stripe spare" });
    try {
      await setRoute({ merchantId: m.merchant.id, environment: "production", input: { method: "card", connectorIds: [spare.connector.id, eu.connector.id] }, actor });
      await db.connector.update({ where: { id: spare.connector.id }, data: { enabled: false } });
      const { forgetConnector } = await import("@/lib/connectors/live-connectors");
      forgetConnector(spare.connector.id);
      expect((await planRoute({ merchantId: m.merchant.id, environment: "production", method: { slug: "card", type: "card" }, action: "SALE", currency: "EUR", amount: 1n })).map((c) => c.connectorId)).toEqual([eu.connector.id]);
      expect(await planRoute({ merchantId: m.merchant.id, environment: "production", method: { slug: "card", type: "card" }, action: "PAYOUT", currency: "EUR", amount: 1n })).toEqual([]);
    } finally {
      await spare.emulator.close();
    }
  });
});

describe("refusals", () => {
  it.each([
    [{ method: "wire" }, /method must be one of card, bank_transfer, paypal, crypto, bnpl/],
    [{ connectorIds: ["cn_000000000000000000000000"] }, /No connector cn_000000000000000000000000/],
    [{ method: "crypto" }, /does not take crypto payments/],
    [{ currencies: ["ABC"] }, /currencies must be ISO 4217/],
    [{ minAmount: 10, maxAmount: 5 }, /minAmount must not be greater than maxAmount/],
  ])("%j", async (input, message) => {
    const m = await merchantWithFunds();
    await expect(setRoute({ merchantId: m.merchant.id, environment: "production", input: { method: "card", connectorIds: [eu.connector.id], ...input }, actor })).rejects.toThrow(message);
    expect(await db.paymentRoute.count({ where: { merchantId: m.merchant.id } })).toBe(0);
  });

  it("a connector of the other environment", async () => {
    const m = await merchantWithFunds();
    await expect(setRoute({ merchantId: m.merchant.id, environment: "sandbox", input: { method: "card", connectorIds: [eu.connector.id] }, actor })).rejects.toThrow(/is a production connector; this route is for sandbox/);
  });
});
