// Authorizations in the back office (SPEC §17): Capture (amount, default all)
// and Void for OWNER and ADMIN through the same domain functions as the API,
// refused to a VIEWER and to another merchant; the list, filter and CSV show
// the AUTHORIZE type; the overview counts captured amounts on the capture day.
import { describe, expect, it } from "vitest";
import { getMerchantAccess } from "@/lib/backoffice/authz";
import { getSalesStats } from "@/lib/backoffice/overview/get-sales-stats";
import { cancelTransactionAsStaff } from "@/lib/backoffice/transactions/cancel-transaction";
import { captureTransactionAsStaff } from "@/lib/backoffice/transactions/capture-transaction";
import { exportTransactionsCsv } from "@/lib/backoffice/transactions/export-transactions-csv";
import { listTransactionsPage } from "@/lib/backoffice/transactions/list-transactions-page";
import { db } from "@/lib/db";
import { getBalance } from "@/lib/ledger/get-balances";
import { newMerchant } from "../helpers/fixtures";
import { actorFor, rejection, staff } from "./helpers";
import { authorization, sale } from "./sales";

const DAY_MS = 86_400_000;

describe("Capture and Void on the transaction page", () => {
  it("an OWNER captures part (major units), an ADMIN voids another; both audited; a VIEWER and another merchant are refused", async () => {
    const m = await newMerchant();
    const owner = await actorFor(m.owner.email);
    const admin = await staff(m.merchant.id, "ADMIN");
    const viewer = await staff(m.merchant.id, "VIEWER");
    const a = await authorization(m.merchant.id, { amount: 2_500 });
    const b = await authorization(m.merchant.id, { amount: 900 });
    const input = (t: { id: string }, extra: Record<string, string> = {}) => ({ transactionId: t.id, environment: "sandbox", reason: "shipped", ...extra });

    expect((await rejection(captureTransactionAsStaff({ actor: viewer, merchantId: m.merchant.id, input: input(a) }))).code).toBe("insufficient_permissions");
    const other = await newMerchant();
    expect((await rejection(captureTransactionAsStaff({ actor: await actorFor(other.owner.email), merchantId: other.merchant.id, input: input(a) }))).code).toBe("not_found");
    expect((await rejection(captureTransactionAsStaff({ actor: owner, merchantId: m.merchant.id, input: input(a, { amount: "25.01" }) }))).message).toBe("amount exceeds the authorized amount (2500)");

    const captured = await captureTransactionAsStaff({ actor: owner, merchantId: m.merchant.id, input: input(a, { amount: "15.00" }), ip: "198.51.100.9" });
    expect(captured).toMatchObject({ status: "SUCCESS", capturedAmount: 1_500n });
    expect(await db.auditLog.findFirstOrThrow({ where: { action: "transaction.captured", targetId: a.id } })).toMatchObject({ actorEmail: owner.email, reason: "shipped", details: { amount: 1_500, authorized: 2_500, currency: "USD" } });
    expect((await rejection(captureTransactionAsStaff({ actor: owner, merchantId: m.merchant.id, input: input(a) }))).message).toBe("Authorization is not capturable: already captured");

    const voided = await cancelTransactionAsStaff({ actor: admin, merchantId: m.merchant.id, input: input(b) });
    expect(voided.status).toBe("CANCELED");
    expect(await db.auditLog.count({ where: { action: "transaction.voided", targetId: b.id } })).toBe(1);
    expect((await rejection(captureTransactionAsStaff({ actor: owner, merchantId: m.merchant.id, input: input(b) }))).message).toBe("Authorization is not capturable: voided");

    expect(await getBalance({ merchantId: m.merchant.id, environment: "sandbox", currency: "USD" })).toMatchObject({ available: 1_500 });
  });
});

describe("lists, CSV and the overview", () => {
  it("filters by the AUTHORIZE type and exports it with capturedAmount", async () => {
    const m = await newMerchant();
    const access = await getMerchantAccess({ actor: await actorFor(m.owner.email), merchantId: m.merchant.id });
    const s = await sale(m.merchant.id);
    const a = await authorization(m.merchant.id, { amount: 700 });
    await captureTransactionAsStaff({ actor: access.actor, merchantId: m.merchant.id, input: { transactionId: a.id, environment: "sandbox", amount: "" } });
    expect((await listTransactionsPage({ access, environment: "sandbox", filters: { action: "AUTHORIZE" } })).rows.map((r) => r.id)).toEqual([a.id]);
    let text = "";
    for await (const chunk of await exportTransactionsCsv({ access, environment: "sandbox", filters: {}, ip: null })) text += chunk;
    const rows = text.trimEnd().split("\r\n");
    expect(rows.find((l) => l.startsWith(a.id))).toMatch(/,AUTHORIZE,SUCCESS,700,USD,card,.*,0,,,700$/);
    expect(rows.find((l) => l.startsWith(s.id))).toMatch(/,SALE,SUCCESS,.*,$/);
  });

  it("counts a capture on the day of the capture, with its captured amount; open and voided holds not at all", async () => {
    const m = await newMerchant();
    const owner = await actorFor(m.owner.email);
    const twoDaysAgo = new Date(Date.now() - 2 * DAY_MS);
    const old = await authorization(m.merchant.id, { amount: 4_000 });
    // Authorized two days ago (test clock: the row's creation time), captured today.
    await db.transaction.update({ where: { id: old.id }, data: { createdAt: twoDaysAgo, authorizedAt: twoDaysAgo } });
    await captureTransactionAsStaff({ actor: owner, merchantId: m.merchant.id, input: { transactionId: old.id, environment: "sandbox", amount: "30.00" } });
    await authorization(m.merchant.id, { amount: 8_000 }); // open hold
    const voided = await authorization(m.merchant.id, { amount: 9_000 });
    await cancelTransactionAsStaff({ actor: owner, merchantId: m.merchant.id, input: { transactionId: voided.id, environment: "sandbox" } });
    await authorization(m.merchant.id, { amount: 500, card: "4000000000000002" }); // declined: decided, not succeeded
    await sale(m.merchant.id, { amount: 1_000 });

    const stats = await getSalesStats({ merchantId: m.merchant.id, environment: "sandbox", range: 7 });
    expect(stats.days.at(-1)).toMatchObject({ succeeded: 2, decided: 3, volume: { USD: 4_000 } });
    expect(stats.days.at(-3)).toMatchObject({ succeeded: 0, decided: 0, volume: {} });
  });
});
