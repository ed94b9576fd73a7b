// Shared pieces of the webhook tests: a real HTTP receiver on 127.0.0.1, the
// real delivery job running in a BullMQ worker inside the test process (with
// the test file's own Redis prefix), and transactions written through the
// domain's insertTransaction()/transition() so their outbox events are real.
import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Worker } from "bullmq";
import { afterAll, beforeAll } from "vitest";
import { db } from "@/lib/db";
import type { Environment, TransactionStatus } from "@/lib/generated/prisma/enums";
import { randomBase62 } from "@/lib/ids";
import { QUEUES } from "@/lib/jobs/queues";
import { rkey, workerConnectionOptions } from "@/lib/redis";
import { afterCommit } from "@/lib/webhooks/after-commit";
import { insertTransaction, transition } from "@/lib/transactions/transition";
import { deliverWebhookJob } from "@/lib/webhooks/deliver-webhook-job";

export interface ReceivedRequest {
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

/** What the receiver answers: a status (and body), or "hang" to never answer. */
export type Reply = { status: number; body?: string; delayMs?: number } | "hang";

export interface Receiver {
  url: string;
  requests: ReceivedRequest[];
  waitFor: (predicate: (requests: ReceivedRequest[]) => boolean, timeoutMs?: number, what?: string) => Promise<void>;
  close: () => Promise<void>;
}

export async function startReceiver(reply: (req: ReceivedRequest, index: number) => Reply = () => ({ status: 200, body: "ok" })): Promise<Receiver> {
  const requests: ReceivedRequest[] = [];
  const hanging = new Set<ServerResponse>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const received = { headers: req.headers, body: Buffer.concat(chunks).toString("utf8"), at: Date.now() };
      requests.push(received);
      const r = reply(received, requests.length - 1);
      if (r === "hang") {
        hanging.add(res);
        return;
      }
      setTimeout(() => res.writeHead(r.status, { "content-type": "text/plain" }).end(r.body ?? ""), r.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    requests,
    waitFor: (predicate, timeoutMs = 15_000, what) => waitUntil(() => predicate(requests), timeoutMs, what),
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Polls `check` until true; after `timeoutMs` fails naming `what` it waited for (when given). */
export async function waitUntil(check: () => boolean | Promise<boolean>, timeoutMs = 15_000, what = "condition"): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what} not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** The worker's webhook job, run by a BullMQ Worker in this process. */
export function startWebhookWorker({ concurrency = 8 }: { concurrency?: number } = {}): { close: () => Promise<void> } {
  const worker = new Worker(QUEUES.webhooks, (job) => deliverWebhookJob.handle(deliverWebhookJob.schema.parse(job.data), job), {
    connection: workerConnectionOptions(),
    prefix: rkey("bull"),
    concurrency,
  });
  worker.on("error", () => undefined);
  return { close: () => worker.close() };
}

/**
 * For a test file whose webhooks all go to one receiver: the receiver (answering with `reply`) and the
 * webhook worker, started before the file's tests and closed after them. What it returns reads the
 * receiver started then, so the file's tests use it as they would the receiver itself.
 */
export function receiverWithWorker(reply?: Parameters<typeof startReceiver>[0]): Receiver {
  let started: { receiver: Receiver; worker: { close: () => Promise<void> } } | undefined;
  beforeAll(async () => {
    const receiver = await startReceiver(reply);
    started = { receiver, worker: startWebhookWorker() };
  });
  afterAll(async () => {
    await started?.worker.close();
    await started?.receiver.close();
  });
  const receiver = (): Receiver => {
    if (!started) throw new Error("the receiver starts in beforeAll: use it inside a test");
    return started.receiver;
  };
  return {
    get url() {
      return receiver().url;
    },
    get requests() {
      return receiver().requests;
    },
    waitFor: (...args) => receiver().waitFor(...args),
    close: () => receiver().close(),
  };
}

/** A sale in PROCESSING (one `transaction.processing` event), committed and handed to the relay like the API does. */
export async function newTransaction({
  merchantId,
  environment = "sandbox",
  callbackUrl,
  action = "SALE",
}: {
  merchantId: string;
  environment?: Environment;
  callbackUrl: string | null;
  /** What the event's data.action says; the rows are the same either way (enough for routing tests). */
  action?: "SALE" | "PAYOUT" | "REFUND" | "CHARGEBACK";
}): Promise<{ transactionId: string; eventId: string }> {
  const orderId = `order_${randomBase62(12)}`;
  const { transaction, eventId } = await db.$transaction((tx) =>
    insertTransaction(
      tx,
      {
        merchantId,
        environment,
        action,
        status: "PROCESSING",
        amount: 1050n,
        currency: "USD",
        orderId,
        orderKey: orderId,
        buyerId: "buyer_1",
        paymentMethod: "card",
        callbackUrl,
      },
      { type: "api" },
    ),
  );
  await afterCommit([eventId]);
  return { transactionId: transaction.id, eventId: eventId! };
}

/** Moves a transaction and hands its new event to the relay. */
export async function moveTransaction(id: string, to: TransactionStatus): Promise<string> {
  const { eventId } = await db.$transaction((tx) => transition(tx, { id, to, actor: { type: "provider" } }));
  await afterCommit([eventId]);
  return eventId!;
}

export function eventIdOf(req: ReceivedRequest): string {
  return String(req.headers["x-sluice-event-id"]);
}
