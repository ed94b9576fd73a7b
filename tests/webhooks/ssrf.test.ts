// SSRF (SPEC §9): with private networks disallowed, loopback, private,
// link-local/metadata and CGNAT targets are refused at creation and again at
// connect time — on the resolved address, whatever spelling the URL used —
// and nothing is dialled: canary listeners on 127.0.0.1 and [::1] see no
// connection. Only loopback is ever really targeted here; the other ranges
// are checked against a connector that records instead of dialling, so a
// broken guard could not send a packet into someone else's network.
import { vi } from "vitest";

vi.hoisted(() => {
  process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS = "false";
});

import { connect, createServer, type Server } from "node:net";
import type { AddressInfo } from "node:net";
import type { buildConnector } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { createGuardedDispatcher } from "@/lib/webhooks/guarded-dispatcher";
import { postWebhook } from "@/lib/webhooks/post-webhook";
import { sendTestWebhook } from "@/lib/webhooks/send-test-webhook";
import { newMerchant } from "../helpers/fixtures";
import { newTransaction, startWebhookWorker, waitUntil } from "./helpers";

let connections = 0;
const canaries: Server[] = [];
let port = 0;
let worker: { close: () => Promise<void> };

async function listen(host: string, p: number): Promise<Server> {
  const server = createServer((socket) => {
    connections++;
    socket.on("error", () => undefined);
    socket.end("HTTP/1.1 200 OK\r\ncontent-length: 0\r\n\r\n");
  });
  await new Promise<void>((resolve) => server.listen(p, host, resolve));
  canaries.push(server);
  return server;
}

beforeAll(async () => {
  port = ((await listen("127.0.0.1", 0)).address() as AddressInfo).port;
  await listen("::1", port);
  worker = startWebhookWorker();
});
afterAll(async () => {
  await worker.close();
  await Promise.all(canaries.map((s) => new Promise((r) => s.close(r))));
});

const loopbackCorpus = () => [
  `http://127.0.0.1:${port}/hook`,
  `http://[::1]:${port}/hook`,
  `http://0x7f000001:${port}/hook`,
  `http://2130706433:${port}/hook`,
  `http://localhost:${port}/hook`,
  // ::/96, IPv4-compatible IPv6: ::7f00:1 is 127.0.0.1.
  `http://[::7f00:1]:${port}/hook`,
];
const otherCorpus = ["http://169.254.169.254/latest/meta-data/", "http://10.0.0.1/hook", "http://192.168.1.1/hook", "http://100.64.0.1/hook"];

describe("with WEBHOOK_ALLOW_PRIVATE_NETWORKS=false", () => {
  it("the canaries are reachable, so silence means refusal", async () => {
    const before = connections;
    await new Promise<void>((resolve, reject) => {
      const s = connect(port, "127.0.0.1", () => {
        s.destroy();
        resolve();
      });
      s.on("error", reject);
    });
    await waitUntil(() => connections > before);
    connections = 0;
  });

  it("refuses every target at creation (send a test webhook)", async () => {
    const m = await newMerchant();
    for (const url of [...loopbackCorpus(), ...otherCorpus]) {
      await expect(sendTestWebhook({ merchantId: m.merchant.id, environment: "sandbox", url }), url).rejects.toMatchObject({ code: "invalid_request", param: "url" });
    }
    expect(await db.event.count()).toBe(0);
  });

  it("accepts at creation a host that does not resolve (a DNS blip must not fail a payment); delivery stays guarded", async () => {
    const m = await newMerchant();
    const started = Date.now();
    await expect(sendTestWebhook({ merchantId: m.merchant.id, environment: "sandbox", url: "https://shop.does-not-exist.invalid/webhooks" })).resolves.toBeDefined();
    // Refused or not, resolution never holds a request for more than its 1 s timeout (plus scheduling slack).
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("refuses loopback targets at delivery time, in every spelling, without connecting", async () => {
    const m = await newMerchant();
    // Written straight to the outbox, as if the URL had passed the creation check earlier (DNS rebinding).
    const events = await Promise.all(loopbackCorpus().map((callbackUrl) => newTransaction({ merchantId: m.merchant.id, callbackUrl })));
    for (const { eventId } of events) {
      await waitUntil(async () => (await db.webhookAttempt.count({ where: { eventId } })) >= 1);
      const attempt = await db.webhookAttempt.findFirstOrThrow({ where: { eventId } });
      expect(attempt, attempt.url).toMatchObject({ success: false, statusCode: null });
      expect(attempt.error, attempt.url).toMatch(/^Refused: .*(127\.0\.0\.1|::1|::7f00:1)/);
    }
    expect(connections).toBe(0);
  });

  it("refuses private, metadata and CGNAT addresses before dialling", async () => {
    const dialled: string[] = [];
    const recorder: buildConnector.connector = (options, callback) => {
      dialled.push(options.hostname);
      callback(new Error("test connector: never dials"), null);
    };
    const dispatcher = createGuardedDispatcher(recorder);
    for (const url of otherCorpus) {
      const outcome = await postWebhook({ url, body: "{}", headers: { "content-type": "application/json" }, timeoutMs: 2_000, dispatcher });
      expect(outcome, url).toMatchObject({ success: false, statusCode: null });
      expect(outcome.error, url).toMatch(/^Refused: /);
    }
    expect(dialled).toEqual([]);
    // The same guard lets a public address through to the connector (which, here, does not dial).
    await postWebhook({ url: "http://93.184.215.14/hook", body: "{}", headers: {}, timeoutMs: 2_000, dispatcher });
    expect(dialled).toEqual(["93.184.215.14"]);
    await dispatcher.close();
  });
});
