// The money a status change moves is written by the change's own statement
// (lib/transactions/transition.ts, issue #28). A first posting to an account
// whose row does not exist yet is left out of that statement and posted after
// the account is opened, in the same database transaction.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { checkLedger } from "@/lib/ledger/check-ledger";
import { succeedTransaction } from "@/lib/transactions/finish-transaction";
import { callApi, merchantWithFunds, payoutBody } from "../api/helpers";

describe("postings of a status change", () => {
  it("a payout paid through a provider with no ledger account yet opens it and posts both legs", async () => {
    const m = await merchantWithFunds({ USD: 10_000 });
    const r = await callApi("POST /payment/payout", { key: m.keys.sandbox, body: payoutBody(m.merchant.id, { amount: 700 }) });
    const id = r.body.transaction.id as string;
    // A provider this ledger has never seen: its USD account is opened by this payout's success.
    const provider = `fresh-${Date.now().toString(36)}`;
    await db.transaction.update({ where: { id }, data: { provider } });
    await succeedTransaction({ id, actor: { type: "system" }, onlyFrom: ["PROCESSING"] });

    const entries = await db.$queryRaw<{ type: string; provider: string | null; amount: bigint; journalId: string }[]>`
      SELECT a.type::text AS type, a.provider, e.amount, e."journalId" FROM "LedgerEntry" e JOIN "LedgerAccount" a ON a.id = e."accountId"
      WHERE e."transactionId" = ${id} AND e.kind = 'payout_succeeded' ORDER BY a.type`;
    expect(entries.map((e) => [e.type, e.provider, Number(e.amount)])).toEqual([
      ["reserved", null, -700],
      ["provider", provider, 700],
    ]);
    expect(new Set(entries.map((e) => e.journalId)).size).toBe(1);
    expect(await checkLedger()).toMatchObject({ ok: true, mismatches: [] });
  });
});
