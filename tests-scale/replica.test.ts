// SPEC §22, read replica: Sluice with DATABASE_REPLICA_URL pointing at a
// streaming replica this test makes with pg_basebackup. Lists read from the
// replica; every read that must see its own request's write stays on the
// primary. With the replica's replay paused (a replica lagging without
// bound), a sale is answered, read back, refunded and replayed right, a
// fresh credit is paid out at once, and only the list shows the lag — until
// replay resumes. Prints its figures.
import { vi } from "vitest";

const cluster = await vi.hoisted(async () => {
  // The cluster and the URLs exist before lib/env (imported below) reads them.
  const { startPrimaryWithReplica, sql, waitForReplay } = await import("./replica-cluster");
  const { migrate } = await import("../scripts/db/migrate");
  const c = startPrimaryWithReplica();
  await sql(c.primary.url, `CREATE DATABASE sluice`);
  const primaryUrl = c.primary.url.replace(/\/postgres$/, "/sluice");
  const replicaUrl = c.replicaUrl.replace(/\/postgres$/, "/sluice");
  await migrate(primaryUrl);
  await waitForReplay(c.primary.url, c.replicaUrl, 30_000);
  process.env.DATABASE_URL = primaryUrl;
  process.env.DATABASE_REPLICA_URL = replicaUrl;
  return { ...c, primaryUrl, replicaUrl };
});

import { afterAll, describe, expect, it } from "vitest";
import { checkLedger } from "@/lib/ledger/check-ledger";
import { balanceOf, callApi, card, CARDS, merchantWithFunds, payoutBody, saleBody } from "../tests/api/helpers";
import { sql, waitForReplay } from "./replica-cluster";

afterAll(() => cluster.stop());

const listed = async (key: string) => ((await callApi("GET /transactions", { key, query: { limit: "100" } })).body.data as { id: string }[]).map((t) => t.id);

describe("with a streaming read replica (DATABASE_REPLICA_URL)", () => {
  it("a lagging replica: the API's reads after its own writes answer right; only the list lags, and catches up", async () => {
    const [{ recovery }] = await sql<{ recovery: boolean }>(cluster.replicaUrl, "SELECT pg_is_in_recovery() AS recovery");
    expect(recovery).toBe(true);
    const m = await merchantWithFunds();
    const before = await callApi("POST /payment/sale", { key: m.keys.sandbox, body: saleBody(m.merchant.id, { paymentMethodInput: card(CARDS.visa) }) });
    expect(before.status).toBe(201);
    const caughtUpMs = await waitForReplay(cluster.primaryUrl, cluster.replicaUrl, 30_000);
    expect(await listed(m.keys.sandbox)).toEqual([before.body.transaction.id]);

    // The replica stops replaying: from here on it lags the primary by as long as the test likes.
    await sql(cluster.replicaUrl, "SELECT pg_wal_replay_pause()");
    const pausedAt = Date.now();
    for (;;) {
      const [{ state }] = await sql<{ state: string }>(cluster.replicaUrl, "SELECT pg_get_wal_replay_pause_state() AS state");
      if (state === "paused") break;
      if (Date.now() - pausedAt > 10_000) throw new Error(`waited 10 s for the replica's replay to pause (state: ${state})`);
      await new Promise((r) => setTimeout(r, 50));
    }

    // A sale, then the reads a merchant makes right after it.
    const headers = { "idempotency-key": crypto.randomUUID() };
    const body = saleBody(m.merchant.id, { amount: 2_000, paymentMethodInput: card(CARDS.visa) });
    const sale = await callApi("POST /payment/sale", { key: m.keys.sandbox, body, headers });
    expect(sale.status).toBe(201);
    const id = sale.body.transaction.id as string;
    const got = await callApi("GET /transactions/{id}", { key: m.keys.sandbox, params: { id } });
    expect([got.status, got.body.id, got.body.status]).toEqual([200, id, "SUCCESS"]);
    const history = await callApi("GET /transactions/{id}/events", { key: m.keys.sandbox, params: { id } });
    expect(history.status).toBe(200);
    const replay = await callApi("POST /payment/sale", { key: m.keys.sandbox, body, headers });
    expect([replay.status, replay.body.transaction.id, replay.res.headers.get("idempotent-replayed")]).toEqual([201, id, "true"]);
    const refund = await callApi("POST /transactions/{id}/refunds", { key: m.keys.sandbox, params: { id }, body: { amount: 500 } });
    expect(refund.status).toBeLessThan(300);
    // Balances before a payout: a credit made a moment ago pays out in full at once.
    const credit = await callApi("POST /sandbox/balance", { key: m.keys.sandbox, body: { currency: "EUR", amount: 7_000 } });
    expect(credit.status).toBeLessThan(300);
    const payout = await callApi("POST /payment/payout", { key: m.keys.sandbox, body: payoutBody(m.merchant.id, { currency: "EUR", amount: 7_000 }) });
    expect([payout.status, payout.body.transaction?.status]).toEqual([201, "PROCESSING"]);
    expect(await balanceOf(m, "EUR")).toEqual({ available: 0, reserved: 7_000 });

    // The list reads the replica, which has not replayed any of it.
    const [{ lag }] = await sql<{ lag: string }>(cluster.replicaUrl, "SELECT pg_wal_lsn_diff(pg_last_wal_receive_lsn(), pg_last_wal_replay_lsn())::text AS lag");
    const whileLagging = await listed(m.keys.sandbox);
    expect(whileLagging).toEqual([before.body.transaction.id]);
    const laggedMs = Date.now() - pausedAt;

    await sql(cluster.replicaUrl, "SELECT pg_wal_replay_resume()");
    const resumedMs = await waitForReplay(cluster.primaryUrl, cluster.replicaUrl, 30_000);
    const after = await listed(m.keys.sandbox);
    expect(after).toContain(id);
    expect(after).toContain(payout.body.transaction.id);
    const ledger = await checkLedger();
    console.log(
      `[replica] replica caught up ${caughtUpMs} ms after a sale; replay paused ${(laggedMs / 1000).toFixed(1)} s, ${lag} bytes of WAL unreplayed: ` +
        `sale 201, GET by id 200 SUCCESS, its history 200, idempotent replay same id, refund ${refund.status}, fresh credit paid out in full (201); ` +
        `the list showed ${whileLagging.length} of ${after.length} transactions while lagging, all ${resumedMs} ms after replay resumed; ledger:check ${ledger.ok ? "green" : "RED"}`,
    );
    expect(Number(lag)).toBeGreaterThan(0);
    expect(ledger).toMatchObject({ ok: true });
  }, 120_000);
});
