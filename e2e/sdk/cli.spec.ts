// The `sluice` CLI against the real server (SPEC §19): `trigger` produces
// each kind's event; `listen` forwards events to a local receiver that
// verifies them with the standardwebhooks package, and after the server went
// away and came back it resumes where it stopped (here the "server" is a TCP
// proxy in front of the real one, closed and reopened); clear errors for a
// missing key, a live key on trigger and an unreachable server.
import { execFile, spawn } from "node:child_process";
import { createServer as createHttpServer } from "node:http";
import { createServer as createTcpServer, connect, type Server, type Socket } from "node:net";
import type { AddressInfo } from "node:net";
import { promisify } from "node:util";
import { expect, test } from "@playwright/test";
import { Webhook } from "standardwebhooks";
import { E2E_ORIGIN, E2E_PORT } from "../e2e-env";
import { cli, createMerchant } from "../helpers";
import { Sluice } from "../../sdk/src/index";

test.describe.configure({ timeout: 180_000 });

const BASE = `${E2E_ORIGIN}/v1`;
const run = promisify(execFile);

async function sluiceCli(args: string[], env: Record<string, string | undefined>): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ["--import", "tsx", "sdk/src/cli.ts", ...args], { env: { ...process.env, SLUICE_API_KEY: undefined, SLUICE_BASE_URL: undefined, ...env } as NodeJS.ProcessEnv });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

// Every kind with every action it can be triggered for (issue #25: only real kinds; a refund or a chargeback is a kind plus its action).
const EXPECTED: { kind: string; action?: string; label: RegExp; event: string; dataAction: string }[] = [
  { kind: "transaction.succeeded", label: /^SALE SUCCESS: (tx_\w+)/m, event: "transaction.succeeded", dataAction: "SALE" },
  { kind: "transaction.succeeded", action: "PAYOUT", label: /^PAYOUT \(SUCCESS.*: (tx_\w+)/m, event: "transaction.succeeded", dataAction: "PAYOUT" },
  { kind: "transaction.succeeded", action: "AUTHORIZE", label: /^AUTHORIZE captured.*: (tx_\w+)/m, event: "transaction.succeeded", dataAction: "AUTHORIZE" },
  { kind: "transaction.succeeded", action: "REFUND", label: /^REFUND.*: (tx_\w+)/m, event: "transaction.succeeded", dataAction: "REFUND" },
  { kind: "transaction.succeeded", action: "CHARGEBACK", label: /^CHARGEBACK SUCCESS: (tx_\w+)/m, event: "transaction.succeeded", dataAction: "CHARGEBACK" },
  { kind: "transaction.declined", label: /^SALE DECLINED.*: (tx_\w+)/m, event: "transaction.declined", dataAction: "SALE" },
  { kind: "transaction.declined", action: "PAYOUT", label: /^PAYOUT \(DECLINED.*: (tx_\w+)/m, event: "transaction.declined", dataAction: "PAYOUT" },
  { kind: "transaction.processing", label: /^SALE PROCESSING: (tx_\w+)/m, event: "transaction.processing", dataAction: "SALE" },
  { kind: "transaction.processing", action: "PAYOUT", label: /^PAYOUT PROCESSING.*: (tx_\w+)/m, event: "transaction.processing", dataAction: "PAYOUT" },
  { kind: "transaction.processing", action: "REFUND", label: /^REFUND.*: (tx_\w+)/m, event: "transaction.processing", dataAction: "REFUND" },
  { kind: "transaction.canceled", label: /^SALE CANCELED: (tx_\w+)/m, event: "transaction.canceled", dataAction: "SALE" },
  { kind: "transaction.expired", label: /^SALE EXPIRED: (tx_\w+)/m, event: "transaction.expired", dataAction: "SALE" },
  { kind: "transaction.wait_approve", label: /^PAYOUT held.*: (tx_\w+)/m, event: "transaction.wait_approve", dataAction: "PAYOUT" },
  { kind: "transaction.authorized", label: /^AUTHORIZE.*: (tx_\w+)/m, event: "transaction.authorized", dataAction: "AUTHORIZE" },
];

test("sluice trigger produces each kind's event, for each action it takes", async () => {
  const m = createMerchant(`CLI ${Date.now()}`);
  cli("merchant:limits", "--merchant", m.merchant.id, "--rate-per-minute", "100000", "--burst-per-second", "10000");
  const sluice = new Sluice(m.keys.sandbox, { baseUrl: BASE });
  for (const { kind, action, label, event, dataAction } of EXPECTED) {
    const name = `${kind}${action ? ` --action ${action}` : ""}`;
    const out = await sluiceCli(["trigger", kind, ...(action ? ["--action", action] : [])], { SLUICE_API_KEY: m.keys.sandbox, SLUICE_BASE_URL: BASE });
    expect(out.code, `${name}: ${out.stderr}`).toBe(0);
    const id = label.exec(out.stdout)?.[1];
    expect(id, `${name}: ${out.stdout}`).toBeTruthy();
    const events = async () => (await sluice.events.list({ transactionId: id! })).data.map((e) => `${e.event} ${(e.payload as { data?: { action?: string } }).data?.action}`);
    await expect.poll(events, { timeout: 30_000, message: `${name} → ${event} ${dataAction} on ${id}` }).toContain(`${event} ${dataAction}`);
  }
});

test("clear errors (no key, a live key on trigger, an unreachable server, an unknown kind); events recover and resend", async () => {
  const m = createMerchant(`CLI errors ${Date.now()}`);
  const noKey = await sluiceCli(["trigger", "transaction.succeeded"], { SLUICE_BASE_URL: BASE });
  expect([noKey.code, noKey.stderr.trim()]).toEqual([1, "No API key: pass --api-key <key> or set SLUICE_API_KEY (a sandbox key starts sk_test_)."]);
  const live = await sluiceCli(["trigger", "transaction.succeeded", "--api-key", m.keys.production], { SLUICE_BASE_URL: BASE });
  expect([live.code, live.stderr.trim()]).toEqual([1, "trigger makes sandbox transactions: use a sandbox key (sk_test_…), not a live one."]);
  const away = await sluiceCli(["events", "recover", "--since", new Date().toISOString(), "--dry-run"], { SLUICE_API_KEY: m.keys.sandbox, SLUICE_BASE_URL: "http://127.0.0.1:9/v1" });
  expect(away.code).toBe(1);
  expect(away.stderr).toContain("Cannot reach the Sluice API");
  const unknown = await sluiceCli(["trigger", "transaction.paid"], { SLUICE_API_KEY: m.keys.sandbox, SLUICE_BASE_URL: BASE });
  expect(unknown.stderr).toContain('Unknown kind "transaction.paid"');
  // Names that are no event kind are refused with the real kind and action to use.
  const notAKind = await sluiceCli(["trigger", "refund.succeeded"], { SLUICE_API_KEY: m.keys.sandbox, SLUICE_BASE_URL: BASE });
  expect([notAKind.code, notAKind.stderr.trim()]).toEqual([1, '"refund.succeeded" is not an event kind: a refund sends transaction.succeeded with data.action REFUND. Run: sluice trigger transaction.succeeded --action REFUND']);
  expect((await sluiceCli(["trigger", "chargeback"], { SLUICE_API_KEY: m.keys.sandbox, SLUICE_BASE_URL: BASE })).stderr).toContain("Run: sluice trigger transaction.succeeded --action CHARGEBACK");
  const badAction = await sluiceCli(["trigger", "transaction.canceled", "--action", "REFUND"], { SLUICE_API_KEY: m.keys.sandbox, SLUICE_BASE_URL: BASE });
  expect([badAction.code, badAction.stderr.trim()]).toEqual([1, "transaction.canceled can be triggered for --action SALE; not REFUND."]);
  const recover = await sluiceCli(["events", "recover", "--since", new Date(Date.now() - 60_000).toISOString(), "--dry-run"], { SLUICE_API_KEY: m.keys.sandbox, SLUICE_BASE_URL: BASE });
  expect([recover.code, recover.stdout.trim()]).toEqual([0, "0 deliveries match (dry run: nothing sent)."]);
  // events resend: one more attempt of an event, queued.
  const made = await sluiceCli(["trigger", "transaction.succeeded"], { SLUICE_API_KEY: m.keys.sandbox, SLUICE_BASE_URL: BASE });
  const txId = /(tx_\w+)/.exec(made.stdout)![1]!;
  const sluice = new Sluice(m.keys.sandbox, { baseUrl: BASE });
  const eventId = (await sluice.events.list({ transactionId: txId })).data[0]!.id;
  const resend = await sluiceCli(["events", "resend", eventId], { SLUICE_API_KEY: m.keys.sandbox, SLUICE_BASE_URL: BASE });
  expect([resend.code, resend.stdout.trim()]).toEqual([0, `Resend of ${eventId} (transaction.succeeded) queued.`]);
  await expect.poll(async () => (await sluice.events.retrieve(eventId)).attempts.some((a) => a.manual), { timeout: 20_000 }).toBe(true);
  expect((await sluiceCli(["events", "resend", "evt_doesnotexist0000"], { SLUICE_API_KEY: m.keys.sandbox, SLUICE_BASE_URL: BASE })).stderr).toContain("404 not_found");
});

/** A TCP proxy to the real server that can be taken down and brought back on the same port: a server restart, as the CLI sees it. */
async function proxy(): Promise<{ port: number; down: () => Promise<void>; up: () => Promise<void> }> {
  let server: Server | undefined;
  const sockets = new Set<Socket>();
  let port = 0;
  const up = () =>
    new Promise<void>((resolve) => {
      server = createTcpServer((client) => {
        const upstream = connect(E2E_PORT, "127.0.0.1");
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on("close", () => sockets.delete(s));
          s.on("error", () => undefined);
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, "127.0.0.1", () => {
        port = (server!.address() as AddressInfo).port;
        resolve();
      });
    });
  const down = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      server!.close(() => resolve());
    });
  await up();
  return { port, down, up };
}

test("sluice listen forwards verifiable events to a local receiver, and resumes after the server comes back", async () => {
  const m = createMerchant(`CLI listen ${Date.now()}`);
  cli("merchant:limits", "--merchant", m.merchant.id, "--rate-per-minute", "100000", "--burst-per-second", "10000");
  const received: { id: string; verified: boolean }[] = [];
  let secret = "";
  const receiver = createHttpServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      let verified = false;
      try {
        new Webhook(secret).verify(body, req.headers as Record<string, string>);
        verified = true;
      } catch {
        verified = false;
      }
      received.push({ id: String(req.headers["webhook-id"]), verified });
      res.writeHead(verified ? 200 : 400).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const forwardTo = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  const gateway = await proxy();
  const child = spawn(process.execPath, ["--import", "tsx", "sdk/src/cli.ts", "listen", "--forward-to", forwardTo], { env: { ...process.env, SLUICE_API_KEY: m.keys.sandbox, SLUICE_BASE_URL: `http://127.0.0.1:${gateway.port}/v1` } });
  let output = "";
  child.stdout.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr.on("data", (d: Buffer) => (output += d.toString()));
  try {
    await expect.poll(() => /listener secret is (whsec_\S+)/.exec(output)?.[1], { timeout: 30_000 }).toBeTruthy();
    secret = /listener secret is (whsec_\S+)/.exec(output)![1]!;
    const sluice = new Sluice(m.keys.sandbox, { baseUrl: BASE });
    const URLS = { successUrl: "https://shop.example/ok", failureUrl: "https://shop.example/failed", returnUrl: "https://shop.example/cart", callbackUrl: "http://127.0.0.1:9/hooks" };
    const body = () => ({ amount: 1_000, currency: "USD", paymentMethod: "card", merchantId: m.merchant.id, orderId: `listen-${Date.now()}-${Math.random()}`, buyerId: "b", ...URLS, paymentMethodInput: { cardNumber: "4242424242424242", expiryMonth: "12", expiryYear: "2040", cvv: "123" } });

    const first = await sluice.payments.sale(body());
    await expect.poll(() => received.length, { timeout: 20_000 }).toBe(1);
    const firstEvent = (await sluice.events.list({ transactionId: first.transaction.id })).data[0]!;
    expect(received[0]).toEqual({ id: firstEvent.id, verified: true });
    expect(output).toMatch(new RegExp(`→ transaction.succeeded ${firstEvent.id} ← 200 \\d+ ms`));

    // The server goes away; an event happens meanwhile; it comes back.
    await gateway.down();
    const missed = await sluice.payments.sale(body());
    await expect.poll(() => output.includes("reconnecting"), { timeout: 20_000 }).toBe(true);
    await gateway.up();
    await expect.poll(() => received.length, { timeout: 30_000 }).toBe(2);
    const missedEvent = (await sluice.events.list({ transactionId: missed.transaction.id })).data[0]!;
    expect(received[1]).toEqual({ id: missedEvent.id, verified: true });
    expect(output).toContain(`resuming after ${firstEvent.id}`);
  } finally {
    child.kill("SIGTERM");
    await gateway.down().catch(() => undefined);
    receiver.closeAllConnections();
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  }
});
