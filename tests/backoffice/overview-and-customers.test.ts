// The Overview's numbers (balances, per-day sales volume and success rate)
// and the Customers list's pages, against real sales and customers.
import { describe, expect, it } from "vitest";
import { getMerchantAccess } from "@/lib/backoffice/authz";
import { listCustomers } from "@/lib/backoffice/customers/list-customers";
import { getOverview } from "@/lib/backoffice/overview/get-overview";
import { getSalesStats } from "@/lib/backoffice/overview/get-sales-stats";
import { creditTestFunds } from "@/lib/ledger/credit-test-funds";
import { newMerchant } from "../helpers/fixtures";
import { actorFor, staff } from "./helpers";
import { sale } from "./sales";

describe("the overview", () => {
  it("shows balances, today's volume per currency and the success rate of decided sales", async () => {
    const m = await newMerchant();
    await creditTestFunds({ merchantId: m.merchant.id, environment: "sandbox", currency: "GBP", amount: 7_000n });
    await sale(m.merchant.id, { amount: 1_000 });
    await sale(m.merchant.id, { amount: 2_500 });
    await sale(m.merchant.id, { amount: 900, currency: "EUR" });
    await sale(m.merchant.id, { amount: 5_000, card: "4000000000000002" });
    await sale(m.merchant.id, { amount: 5_000, card: null }); // awaiting the customer: not decided yet
    const viewer = await getMerchantAccess({ actor: await staff(m.merchant.id, "VIEWER"), merchantId: m.merchant.id });

    const o = await getOverview({ access: viewer, environment: "sandbox", range: 7 });
    expect(o.balances).toEqual([
      { currency: "EUR", available: 900, reserved: 0 },
      { currency: "GBP", available: 7_000, reserved: 0 },
      { currency: "USD", available: 3_500, reserved: 0 },
    ]);
    expect(o.stats.days).toHaveLength(7);
    expect(o.stats.days.slice(0, 6).every((d) => d.decided === 0)).toBe(true);
    expect(o.stats.days[6]).toEqual({ day: new Date().toISOString().slice(0, 10), succeeded: 3, decided: 4, volume: { USD: 3_500, EUR: 900 } });
    expect(o.stats.currencies).toEqual(["USD", "EUR"]);
    expect(o.recent).toHaveLength(5);
    expect(o.held).toBeNull(); // a VIEWER decides nothing, so the page does not count held transactions for them

    // Seen from tomorrow, today's sales are the day before the last one of a 30-day chart.
    const tomorrow = new Date(Date.now() + 86_400_000);
    const later = await getSalesStats({ merchantId: m.merchant.id, environment: "sandbox", range: 30, now: tomorrow });
    expect(later.days).toHaveLength(30);
    expect(later.days.at(-2)).toMatchObject({ succeeded: 3, decided: 4 });
    expect(later.days.at(-1)).toMatchObject({ succeeded: 0, decided: 0 });
    // Production is another world.
    expect((await getSalesStats({ merchantId: m.merchant.id, environment: "production", range: 7 })).currencies).toEqual([]);
  });

  it("keeps the totals for a minute, and says when they were computed", async () => {
    const m = await newMerchant();
    await sale(m.merchant.id, { amount: 1_000 });
    const first = await getSalesStats({ merchantId: m.merchant.id, environment: "sandbox", range: 7 });
    await sale(m.merchant.id, { amount: 1_000 });
    const again = await getSalesStats({ merchantId: m.merchant.id, environment: "sandbox", range: 7 });
    expect(again).toEqual(first);
    expect(Date.now() - new Date(first.computedAt).getTime()).toBeLessThan(60_000);
  });
});

describe("the customers list", () => {
  it("pages by buyerId, filters by KYC status, finds by e-mail, with the payout limit left today", async () => {
    const m = await newMerchant();
    const buyers = Array.from({ length: 27 }, (_, i) => `c-${String(27 - i).padStart(2, "0")}`);
    for (const b of buyers) await sale(m.merchant.id, { buyerId: b, email: `${b}@example.com` });
    const access = await getMerchantAccess({ actor: await actorFor(m.owner.email), merchantId: m.merchant.id });
    const first = await listCustomers({ access, environment: "sandbox", filters: {} });
    expect(first.rows).toHaveLength(25);
    expect(first.rows[0]).toMatchObject({ buyerId: "c-01", kycStatus: "none", kycLevel: "basic", awaitingReview: false, limit: { daily: 500_000n, remaining: 500_000n } });
    const second = await listCustomers({ access, environment: "sandbox", filters: {}, cursor: first.nextCursor });
    expect([...first.rows, ...second.rows].map((r) => r.buyerId)).toEqual([...buyers].sort());
    expect(second.nextCursor).toBeNull();
    expect((await listCustomers({ access, environment: "sandbox", filters: { q: "c-03@example.com" } })).rows.map((r) => r.buyerId)).toEqual(["c-03"]);
    expect((await listCustomers({ access, environment: "sandbox", filters: { kycStatus: "verified" } })).rows).toEqual([]);
    // A forged cursor is the first page again, never an error.
    expect((await listCustomers({ access, environment: "sandbox", filters: {}, cursor: "%%%" })).rows).toHaveLength(25);
  });
});
