// GET /v1/events/stream (SPEC §18): the merchant's events as Server-Sent
// Events, for a developer's laptop that no webhook can reach (`sluice listen`).
//
// - `ready` first, with the listener secret: derived from the API key's id
//   and the server's APP_ENCRYPTION_KEY (HMAC), never stored, so one key
//   always gets the same secret — a local receiver configured once keeps
//   verifying across restarts of either side. (Rotating APP_ENCRYPTION_KEY
//   changes it, as it changes KYC links.)
// - then one message per new event: `id: evt_…`, `data: {id, event, body,
//   headers}` — `body` the exact stored text a delivery sends, `headers` the
//   delivery's signature headers computed with the listener secret.
// - `Last-Event-ID` resumes after that event (events of the last 24 h).
// - a comment line every 15 s keeps proxies from closing an idle stream.
//
// How events reach the stream, whichever web process holds it: it polls the
// Event table (the outbox every event is written to in the transaction that
// caused it) rather than subscribing to a channel. That needs no extra
// infrastructure, cannot miss an event because a publish was lost (a Redis
// restart, a process killed between commit and publish), and makes resuming
// the same query as following. The cost is one indexed query per stream every
// POLL_MS. Event seq numbers are drawn at insert, not at commit, so a
// transaction committing late can surface below the highest seq already
// seen: each poll also looks back over the last LOOKBACK_MS and skips what it
// already sent. The stream is not a delivery: nothing is recorded for it.
import { createHmac } from "node:crypto";
import { db } from "@/lib/db";
import { encryptionKey, env } from "@/lib/env";
import type { Environment } from "@/lib/generated/prisma/enums";
import { logger } from "@/lib/log";
import { signedHeaders } from "./sign-webhook";

const POLL_MS = 500;
const HEARTBEAT_MS = 15_000;
const LOOKBACK_MS = 15_000;
const RESUME_WINDOW_MS = 24 * 3_600_000;
const BATCH = 200;

/** The listener secret of an API key: `whsec_` + 32 base64 characters (24 bytes), as Standard Webhooks libraries expect. */
function listenerSecret(apiKeyId: string): string {
  return "whsec_" + createHmac("sha256", encryptionKey).update(`event-stream-listener:${apiKeyId}`).digest().subarray(0, 24).toString("base64");
}

interface StreamedEvent {
  id: string;
  seq: bigint;
  type: string;
  payload: string;
  createdAt: Date;
}

export interface EventStreamOptions {
  merchantId: string;
  environment: Environment;
  apiKeyId: string;
  /** The Last-Event-ID header, if the client is resuming. */
  lastEventId?: string | null;
  /** Aborted when the client goes away. */
  signal: AbortSignal;
  /** How often an idle stream sends a comment line, so proxies keep it open (SPEC §18: 15 s). */
  heartbeatMs?: number;
}

/** The SSE text of one message. */
function message({ id, event, data }: { id?: string; event?: string; data: unknown }): string {
  return `${id ? `id: ${id}\n` : ""}${event ? `event: ${event}\n` : ""}data: ${JSON.stringify(data)}\n\n`;
}

export function openEventStream({ merchantId, environment, apiKeyId, lastEventId, signal, heartbeatMs = HEARTBEAT_MS }: EventStreamOptions): ReadableStream<Uint8Array> {
  const secret = listenerSecret(apiKeyId);
  const encoder = new TextEncoder();
  const sent = new Map<string, number>(); // event id → when sent, for the lookback's duplicates
  let lastSeq: bigint | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  let closed = false;

  const stop = () => {
    closed = true;
    clearTimeout(timer);
    clearInterval(heartbeat);
  };

  return new ReadableStream<Uint8Array>({
    async start(controller) {
      const write = (text: string) => {
        if (!closed) controller.enqueue(encoder.encode(text));
      };
      signal.addEventListener("abort", () => {
        stop();
        try {
          controller.close();
        } catch {
          // already closed
        }
      });
      // Where to start: after the resumed event (if it is this merchant's and recent), else after the newest event now.
      const resumeFrom = lastEventId ? await db.event.findFirst({ where: { id: lastEventId, merchantId, environment, createdAt: { gt: new Date(Date.now() - RESUME_WINDOW_MS) } }, select: { seq: true, createdAt: true } }) : null;
      if (resumeFrom) lastSeq = resumeFrom.seq;
      else {
        const newest = await db.event.findFirst({ where: { merchantId, environment, endpointId: null }, orderBy: { seq: "desc" }, select: { seq: true } });
        lastSeq = newest?.seq ?? 0n;
      }
      // The lookback never reaches back past where the client already is.
      const lookbackFloor = resumeFrom ? resumeFrom.createdAt : new Date();
      write(`retry: 2000\n${message({ event: "ready", data: { secret } })}`);
      heartbeat = setInterval(() => write(`: heartbeat ${new Date().toISOString()}\n\n`), heartbeatMs);

      const poll = async () => {
        if (closed) return;
        try {
          const since = new Date(Date.now() - LOOKBACK_MS);
          const rows: StreamedEvent[] = await db.event.findMany({
            where: {
              merchantId,
              environment,
              // Each event once: not the copies made for registered endpoints.
              endpointId: null,
              OR: [{ seq: { gt: lastSeq! } }, { createdAt: { gt: lookbackFloor > since ? lookbackFloor : since } }],
            },
            orderBy: { seq: "asc" },
            take: BATCH,
            select: { id: true, seq: true, type: true, payload: true, createdAt: true },
          });
          const now = Date.now();
          for (const e of rows) {
            if (sent.has(e.id)) continue;
            sent.set(e.id, now);
            if (e.seq > lastSeq!) lastSeq = e.seq;
            const headers = signedHeaders({
              eventId: e.id,
              eventType: e.type,
              body: e.payload,
              attempt: 1,
              secrets: { current: secret, previous: null },
              signatureHeader: env.WEBHOOK_SIGNATURE_HEADER,
              timestamp: Math.floor(now / 1000),
            });
            write(message({ id: e.id, data: { id: e.id, event: e.type, body: e.payload, headers } }));
          }
          for (const [id, at] of sent) if (at < now - 2 * LOOKBACK_MS) sent.delete(id);
        } catch (err) {
          // A database blip: say nothing to the client, try again on the next tick.
          logger.warn({ err: (err as Error).message, merchantId }, "event stream poll failed");
        }
        if (!closed) timer = setTimeout(() => void poll(), POLL_MS);
      };
      await poll();
    },
    cancel() {
      stop();
    },
  });
}
