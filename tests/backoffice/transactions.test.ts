// Transactions pages (SPEC §13): filters and search land on the right rows,
// cursor pages cover every row once, the CSV export holds exactly the
// filtered rows, and refund / cancel / resend are refused to the wrong role
// and to other merchants — in the domain functions, whatever the UI shows.
import { describe, expect, it } from "vitest";
import { getMerchantAccess } from "@/lib/backoffice/authz";
import { cancelTransactionAsStaff } from "@/lib/backoffice/transactions/cancel-transaction";
import { exportTransactionsCsv } from "@/lib/backoffice/transactions/export-transactions-csv";
import { getTransactionDetail } from "@/lib/backoffice/transactions/get-transaction-detail";
import { listTransactionsPage } from "@/lib/backoffice/transactions/list-transactions-page";
import { refundTransactionAsStaff as refundTransaction } from "@/lib/backoffice/transactions/refund-transaction";
import { resendEventAsStaff as resendWebhook } from "@/lib/backoffice/transactions/resend-webhook";
import { parseTransactionFilters, type TransactionFilters } from "@/lib/backoffice/transactions/transaction-filters";
import { db } from "@/lib/db";
import { creditTestFunds } from "@/lib/ledger/credit-test-funds";
import { getBalance } from "@/lib/ledger/get-balances";
import { newMerchant } from "../helpers/fixtures";
import { actorFor, operator, rejection, staff } from "./helpers";
import { sale } from "./sales";

async function ownerAccess(m: Awaited<ReturnType<typeof newMerchant>>) {
  return getMerchantAccess({ actor: await actorFor(m.owner.email), merchantId: m.merchant.id });
}

async function ids(access: Awaited<ReturnType<typeof ownerAccess>>, filters: TransactionFilters) {
  return (await listTransactionsPage({ access, environment: "sandbox", filters })).rows.map((r) => r.id);
}

describe("the transaction list", () => {
  it("filters by status, action, currency and day, and finds by id, orderId, buyerId and e-mail", async () => {
    const m = await newMerchant();
    const access = await ownerAccess(m);
    const ok = await sale(m.merchant.id, { orderId: "order-1001", buyerId: "buyer-ann", email: "Ann@Example.com" });
    const declined = await sale(m.merchant.id, { card: "4000000000000002", buyerId: "buyer-bob" });
    const eur = await sale(m.merchant.id, { currency: "EUR", buyerId: "buyer-bob" });
    const other = await newMerchant();
    await sale(other.merchant.id, { orderId: "order-1001", buyerId: "buyer-ann" });

    expect(await ids(access, { status: "DECLINED" })).toEqual([declined.id]);
    expect(await ids(access, { currency: "EUR" })).toEqual([eur.id]);
    expect(await ids(access, { action: "PAYOUT" })).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    expect(await ids(access, { from: today, to: today })).toHaveLength(3);
    expect(await ids(access, { to: "2000-01-01" })).toEqual([]);

    expect(await ids(access, { q: "order-1001" })).toEqual([ok.id]);
    expect(await ids(access, { q: ok.id })).toEqual([ok.id]);
    expect(await ids(access, { q: "buyer-bob" })).toEqual([eur.id, declined.id]);
    expect(await ids(access, { q: "ann@example.com" })).toEqual([]); // stored as sent: "Ann@Example.com"
    expect(await ids(access, { q: "Ann@Example.com" })).toEqual([ok.id]);
    expect(await ids(access, { q: "nothing-like-this" })).toEqual([]);
    // Another merchant's transaction id finds nothing here.
    const foreign = await db.transaction.findFirstOrThrow({ where: { merchantId: other.merchant.id } });
    expect(await ids(access, { q: foreign.id })).toEqual([]);
  });

  it("pages with a cursor: every row once, newest first, whatever the page size", async () => {
    const m = await newMerchant();
    const access = await ownerAccess(m);
    const made = [];
    for (let i = 0; i < 7; i++) made.push((await sale(m.merchant.id, { orderId: `o-${i}` })).id);
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let pages = 0; pages < 10; pages++) {
      const page: Awaited<ReturnType<typeof listTransactionsPage>> = await listTransactionsPage({ access, environment: "sandbox", filters: {}, cursor, limit: 3 });
      seen.push(...page.rows.map((r) => r.id));
      if (!page.nextCursor) break;
      cursor = page.nextCursor;
    }
    expect(seen).toEqual([...made].reverse());
    // A forged cursor is the first page, not an error.
    expect((await listTransactionsPage({ access, environment: "sandbox", filters: {}, cursor: "garbage!!" })).rows).toHaveLength(7);
  });

  it("drops invalid filters with a message instead of failing the page", () => {
    const { filters, problems } = parseTransactionFilters({ status: "PAID", action: "SALE", currency: "ABC", from: "yesterday", to: "2026-01-01", q: "  x  " });
    expect(filters).toEqual({ action: "SALE", to: "2026-01-01", q: "x" });
    expect(problems).toEqual(["status is not a transaction status", "currency must be an ISO 4217 code such as USD", "dates must be written YYYY-MM-DD"]);
    expect(parseTransactionFilters({ from: "2026-02-02", to: "2026-02-01" }).problems).toEqual(["the start date must not be after the end date"]);
    expect(parseTransactionFilters({ q: "order\u0000-1" })).toEqual({ filters: {}, problems: ["search must not contain control characters"] });
  });
});

describe("the CSV export", () => {
  async function exported(access: Awaited<ReturnType<typeof ownerAccess>>, filters: TransactionFilters) {
    let text = "";
    for await (const chunk of await exportTransactionsCsv({ access, environment: "sandbox", filters, ip: "198.51.100.7" })) text += chunk;
    return text.trimEnd().split("\r\n");
  }

  it("holds exactly the filtered rows, neutralises spreadsheet formulas, and is audited", async () => {
    const m = await newMerchant();
    const access = await ownerAccess(m);
    const a = await sale(m.merchant.id, { orderId: "=HYPERLINK(\"x\")", amount: 1234, email: "ann@example.com" });
    await sale(m.merchant.id, { card: "4000000000000002" });
    const c = await sale(m.merchant.id, { amount: 99 });
    const lines = await exported(access, { status: "SUCCESS" });
    expect(lines[0]).toBe("id,createdAt,updatedAt,orderId,action,status,amount,currency,paymentMethod,buyerId,customerEmail,parentId,refundedAmount,declineCode,declineMessage,capturedAmount");
    expect(lines.slice(1).map((l) => l.split(",")[0])).toEqual([c.id, a.id]);
    expect(lines[2]).toContain(`"'=HYPERLINK(""x"")",SALE,SUCCESS,1234,USD,card,buyer_1,ann@example.com`);
    const audit = await db.auditLog.findFirstOrThrow({ where: { action: "transactions.exported", merchantId: m.merchant.id } });
    expect(audit).toMatchObject({ actorEmail: access.actor.email, ip: "198.51.100.7", details: { filters: { status: "SUCCESS" } } });
  });

  it("streams more rows than one batch without losing or repeating any", async () => {
    const m = await newMerchant();
    const access = await ownerAccess(m);
    const first = await sale(m.merchant.id);
    const rows = Array.from({ length: 2_100 }, (_, i) => ({ ...first, id: `tx_bulk${String(i).padStart(16, "0")}`, orderId: `bulk-${i}`, orderKey: `bulk-${i}`, metadata: undefined, destination: undefined, customerDetails: undefined, providerState: undefined, checkoutTokenHash: null }));
    await db.transaction.createMany({ data: rows });
    const lines = await exported(access, {});
    expect(lines).toHaveLength(1 + 2_101);
    expect(new Set(lines.slice(1).map((l) => l.split(",")[0])).size).toBe(2_101);
  });
});

describe("the transaction page", () => {
  it("shows the timeline, ledger and webhook events; another merchant's id is not found", async () => {
    const m = await newMerchant();
    const access = await ownerAccess(m);
    const t = await sale(m.merchant.id, { email: "ann@example.com" });
    const d = await getTransactionDetail({ access, environment: "sandbox", id: t.id });
    expect(d.customer?.email).toBe("ann@example.com");
    expect(d.history.map((h) => [h.fromStatus, h.toStatus, h.actorLabel])).toEqual([[null, "SUCCESS", "API request"]]);
    expect(d.ledgerEntries.map((e) => [e.account.type, Number(e.amount)]).sort()).toEqual([["available", 1000], ["provider", -1000]]);
    expect(d.events.map((e) => e.type)).toEqual(["transaction.succeeded"]);

    const b = await newMerchant();
    const ownerB = await getMerchantAccess({ actor: await actorFor(b.owner.email), merchantId: b.merchant.id });
    expect((await rejection(getTransactionDetail({ access: ownerB, environment: "sandbox", id: t.id }))).code).toBe("not_found");
    expect((await rejection(getTransactionDetail({ access, environment: "production", id: t.id }))).code).toBe("not_found");
  });

  it("refunds for an OWNER or ADMIN only, in the currency's units, and audits it", async () => {
    const m = await newMerchant();
    await creditTestFunds({ merchantId: m.merchant.id, environment: "sandbox", currency: "USD", amount: 10_000n });
    const t = await sale(m.merchant.id, { amount: 5_000 });
    const [viewer, developer, admin] = [await staff(m.merchant.id, "VIEWER"), await staff(m.merchant.id, "DEVELOPER"), await staff(m.merchant.id, "ADMIN")];
    const input = { transactionId: t.id, environment: "sandbox", amount: "12.50", reason: "customer returned one item" };
    for (const who of [viewer, developer, (await operator()).actor]) {
      expect((await rejection(refundTransaction({ actor: who, merchantId: m.merchant.id, input }))).code).toBe("insufficient_permissions");
    }
    expect((await rejection(refundTransaction({ actor: admin, merchantId: m.merchant.id, input: { ...input, amount: "12.505" } }))).param).toBe("amount");
    expect((await rejection(refundTransaction({ actor: admin, merchantId: m.merchant.id, input: { ...input, amount: "50.01" } }))).message).toMatch(/must not exceed what is left to refund/);

    const refund = await refundTransaction({ actor: admin, merchantId: m.merchant.id, input, ip: "203.0.113.1" });
    expect(refund).toMatchObject({ action: "REFUND", parentId: t.id, amount: 1_250n });
    expect(await getBalance({ merchantId: m.merchant.id, environment: "sandbox", currency: "USD" })).toMatchObject({ available: 10_000 + 5_000 - 1_250 });
    expect(await db.auditLog.findFirst({ where: { action: "transaction.refunded", targetId: t.id } })).toMatchObject({ actorId: admin.id, reason: "customer returned one item", ip: "203.0.113.1" });

    // Staff of another merchant: the sale does not exist for them.
    const b = await newMerchant();
    expect((await rejection(refundTransaction({ actor: await actorFor(b.owner.email), merchantId: b.merchant.id, input }))).code).toBe("not_found");
    expect((await rejection(refundTransaction({ actor: await actorFor(b.owner.email), merchantId: m.merchant.id, input }))).code).toBe("not_found");
  });

  it("cancels a sale awaiting its customer for an OWNER, never for a VIEWER", async () => {
    const m = await newMerchant();
    const t = await sale(m.merchant.id, { card: null });
    const input = { transactionId: t.id, environment: "sandbox" };
    expect((await rejection(cancelTransactionAsStaff({ actor: await staff(m.merchant.id, "VIEWER"), merchantId: m.merchant.id, input }))).code).toBe("insufficient_permissions");
    const owner = await actorFor(m.owner.email);
    expect(await cancelTransactionAsStaff({ actor: owner, merchantId: m.merchant.id, input })).toMatchObject({ status: "CANCELED" });
    expect(await db.auditLog.count({ where: { action: "transaction.canceled", targetId: t.id, actorId: owner.id } })).toBe(1);
    expect((await rejection(cancelTransactionAsStaff({ actor: owner, merchantId: m.merchant.id, input }))).message).toMatch(/cannot be canceled/);
  });

  it("resends a webhook for a DEVELOPER, never for a VIEWER or another merchant", async () => {
    const m = await newMerchant();
    const t = await sale(m.merchant.id);
    const event = await db.event.findFirstOrThrow({ where: { transactionId: t.id } });
    const input = { eventId: event.id, environment: "sandbox" };
    expect((await rejection(resendWebhook({ actor: await staff(m.merchant.id, "VIEWER"), merchantId: m.merchant.id, input }))).code).toBe("insufficient_permissions");
    const b = await newMerchant();
    expect((await rejection(resendWebhook({ actor: await actorFor(b.owner.email), merchantId: b.merchant.id, input }))).code).toBe("not_found");
    const dev = await staff(m.merchant.id, "DEVELOPER");
    await resendWebhook({ actor: dev, merchantId: m.merchant.id, input });
    expect(await db.auditLog.findFirst({ where: { action: "webhook.resend", targetId: event.id } })).toMatchObject({ actorId: dev.id, actorEmail: dev.email });
  });
});
