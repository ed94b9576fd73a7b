// GET /v1/events/stream (SPEC §18): `ready` with a listener secret stable per
// API key; each new event of the key's merchant and environment with its
// exact body and headers that verify with that secret (Standard Webhooks and
// the seed's sha256= header); Last-Event-ID resumes; an event written by
// another process arrives too (the stream reads the outbox, not process
// memory); other merchants' events never appear.
import { execFileSync } from "node:child_process";
import { createHmac } from "node:crypto";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { Webhook } from "standardwebhooks";
import { GET as streamRoute } from "@/app/v1/events/stream/route";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { openEventStream } from "@/lib/webhooks/event-stream";
import { createApiKey } from "@/lib/api-keys/create-api-key";
import { apiRequest, newMerchant } from "../helpers/fixtures";
import { moveTransaction, newTransaction } from "./helpers";

interface SseMessage {
  id?: string;
  event?: string;
  data: any;
}

/** Reads SSE messages from a streaming Response as they come. */
function reader(res: Response) {
  const decoder = new TextDecoder();
  const body = res.body!.getReader();
  let buffer = "";
  const queue: SseMessage[] = [];
  const comments: string[] = [];
  async function next(timeoutMs = 10_000): Promise<SseMessage> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const message = queue.shift();
      if (message) return message;
      if (Date.now() > deadline) throw new Error("no SSE message in time");
      const chunk = await Promise.race([body.read(), new Promise<null>((r) => setTimeout(() => r(null), deadline - Date.now()))]);
      if (!chunk || chunk.done) continue;
      buffer += decoder.decode(chunk.value, { stream: true });
      let end: number;
      while ((end = buffer.indexOf("\n\n")) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const m: Partial<SseMessage> = {};
        let data = "";
        for (const line of block.split("\n")) {
          if (line.startsWith(":")) comments.push(line);
          else if (line.startsWith("id: ")) m.id = line.slice(4);
          else if (line.startsWith("event: ")) m.event = line.slice(7);
          else if (line.startsWith("data: ")) data += line.slice(6);
        }
        if (data) queue.push({ ...m, data: JSON.parse(data) });
      }
    }
  }
  return { next, comments };
}

const opened: AbortController[] = [];
afterEach(() => {
  for (const c of opened.splice(0)) c.abort();
});

async function open(key: string, headers: Record<string, string> = {}) {
  const controller = new AbortController();
  opened.push(controller);
  const req = new Request(apiRequest("/events/stream", { key, headers }), { signal: controller.signal });
  const res = await streamRoute(req);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
  const r = reader(res);
  const ready = await r.next();
  expect(ready.event).toBe("ready");
  return { ...r, secret: ready.data.secret as string, close: () => controller.abort() };
}

describe("GET /v1/events/stream", () => {
  it("sends ready with a stable listener secret, then each new event with verifiable headers, and only this merchant's", async () => {
    const m = await newMerchant();
    const other = await newMerchant();
    const a = await open(m.keys.sandbox);
    expect(a.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    // The same key gets the same secret on every connection; another key another one.
    const again = await open(m.keys.sandbox);
    expect(again.secret).toBe(a.secret);
    again.close();
    const second = await createApiKey({ merchantId: m.merchant.id, environment: "sandbox", scope: "read_only", name: "laptop" });
    const b = await open(second.key); // a read-only key may listen
    expect(b.secret).not.toBe(a.secret);

    await newTransaction({ merchantId: other.merchant.id, callbackUrl: null });
    const { transactionId, eventId } = await newTransaction({ merchantId: m.merchant.id, callbackUrl: null });
    const msg = await a.next();
    expect(msg.id).toBe(eventId);
    expect(msg.data).toMatchObject({ id: eventId, event: "transaction.processing" });
    expect(JSON.parse(msg.data.body)).toMatchObject({ id: eventId, sequence: 1, event: "transaction.processing", data: { id: transactionId } });
    // Standard Webhooks, verified by the reference library with the listener secret…
    expect(new Webhook(a.secret).verify(msg.data.body, msg.data.headers)).toMatchObject({ id: eventId });
    // … and the seed's header, an HMAC of the raw body keyed with the secret as shown.
    const header = msg.data.headers[env.WEBHOOK_SIGNATURE_HEADER.toLowerCase()];
    expect(header).toBe("sha256=" + createHmac("sha256", a.secret).update(msg.data.body).digest("hex"));
    // The other key's stream gets the same event, signed with its own secret.
    const viaB = await b.next();
    expect(viaB.id).toBe(eventId);
    expect(() => new Webhook(a.secret).verify(viaB.data.body, viaB.data.headers)).toThrow();
    expect(new Webhook(b.secret).verify(viaB.data.body, viaB.data.headers)).toMatchObject({ id: eventId });

    const next = await moveTransaction(transactionId, "SUCCESS");
    expect((await a.next()).id).toBe(next);
  });

  it("resumes after Last-Event-ID, and carries events written by another process", async () => {
    const m = await newMerchant();
    const first = await open(m.keys.sandbox);
    const t = await newTransaction({ merchantId: m.merchant.id, callbackUrl: null });
    expect((await first.next()).id).toBe(t.eventId);
    first.close();
    // While nobody listens, two more events.
    const e2 = await moveTransaction(t.transactionId, "SUCCESS");
    const t2 = await newTransaction({ merchantId: m.merchant.id, callbackUrl: null });
    const resumed = await open(m.keys.sandbox, { "last-event-id": t.eventId });
    expect([(await resumed.next()).id, (await resumed.next()).id]).toEqual([e2, t2.eventId]);

    // Another process (as another web or worker process would) writes an event; the open stream gets it.
    const script = `
      import { db } from "@/lib/db";
      import { insertTransaction } from "@/lib/transactions/transition";
      const r = await db.$transaction((tx) => insertTransaction(tx, { merchantId: ${JSON.stringify(m.merchant.id)}, environment: "sandbox", action: "SALE", status: "PROCESSING", amount: 500n, currency: "USD", orderId: "other-process", orderKey: "other-process", buyerId: "b", paymentMethod: "card" }, { type: "api" }));
      console.log(r.eventId);
      await db.$disconnect();`;
    const file = path.resolve(`test-results/other-process-${process.pid}.ts`);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, script);
    let otherEventId: string | undefined;
    try {
      otherEventId = execFileSync("npx", ["tsx", file], { env: { ...process.env }, encoding: "utf8" }).trim().split("\n").at(-1);
    } finally {
      rmSync(file, { force: true });
    }
    expect(otherEventId).toMatch(/^evt_/);
    expect((await resumed.next(20_000)).id).toBe(otherEventId);
  });

  it("keeps an idle stream open with heartbeat comments, which carry no event", async () => {
    const m = await newMerchant();
    const controller = new AbortController();
    opened.push(controller);
    const key = await db.apiKey.findFirstOrThrow({ where: { merchantId: m.merchant.id, environment: "sandbox" }, select: { id: true } });
    // The route uses SPEC §18's 15 s; the interval is the function's to take, so the test need not wait 15 s.
    const r = reader(new Response(openEventStream({ merchantId: m.merchant.id, environment: "sandbox", apiKeyId: key.id, signal: controller.signal, heartbeatMs: 50 })));
    expect((await r.next()).event).toBe("ready");
    // Read until two heartbeats have come; meanwhile no message (an event) may arrive.
    const deadline = Date.now() + 10_000;
    while (r.comments.length < 2 && Date.now() < deadline) await expect(r.next(100)).rejects.toThrow("no SSE message in time");
    expect(r.comments.length).toBeGreaterThanOrEqual(2);
    expect(r.comments.every((c) => /^: heartbeat \d{4}-\d\d-\d\dT/.test(c))).toBe(true);
  });

  it("answers 401 without a key", async () => {
    const res = await streamRoute(apiRequest("/events/stream"));
    expect(res.status).toBe(401);
  });
});
