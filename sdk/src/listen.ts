// `sluice listen`: reads GET /v1/events/stream and POSTs each event — the
// exact body and its signature headers, signed with the listener secret — to
// a local receiver, printing one line per event. On a dropped connection (a
// server restart, a network blip) it reconnects with Last-Event-ID, so the
// events it missed arrive in order after the gap.
import { ConnectionError, errorFromResponse } from "./errors.js";

export interface ListenOptions {
  apiKey: string;
  baseUrl: string;
  forwardTo: string;
  /** Only these event kinds (default: all). */
  events?: string[];
  log: (line: string) => void;
  /** Stops listening (tests). */
  signal?: AbortSignal;
}

interface Streamed {
  id: string;
  event: string;
  body: string;
  headers: Record<string, string>;
}

const RECONNECT_MS = [500, 1_000, 2_000, 5_000];

/**
 * The receiver URL, checked before connecting: a typo should stop the CLI
 * at once with a clear message, not surface as a failed POST per event.
 * Returns the error message, or null when the URL is usable.
 */
export function forwardUrlProblem(forwardTo: string): string | null {
  let url: URL;
  try {
    url = new URL(forwardTo);
  } catch {
    return `--forward-to must be an absolute http(s) URL such as http://localhost:4000/webhooks, not "${forwardTo}".`;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return `--forward-to must be an http(s) URL, not ${url.protocol.slice(0, -1)}: "${forwardTo}".`;
  return null;
}

const seconds = (ms: number) => `${ms / 1000} s`;

export async function listen({ apiKey, baseUrl, forwardTo, events, log, signal }: ListenOptions): Promise<void> {
  let lastEventId: string | undefined;
  let secret: string | undefined;
  let failures = 0;
  while (!signal?.aborted) {
    try {
      const res = await fetch(`${baseUrl}/events/stream`, {
        headers: { authorization: `Bearer ${apiKey}`, accept: "text/event-stream", ...(lastEventId ? { "last-event-id": lastEventId } : {}) },
        signal,
      });
      if (!res.ok || !res.body) {
        const text = await res.text();
        let body: unknown;
        try {
          body = JSON.parse(text);
        } catch {
          body = undefined;
        }
        const error = errorFromResponse(res.status, body, res.headers);
        // A key problem will not fix itself by reconnecting.
        if (res.status === 401 || res.status === 403) throw error;
        throw new ConnectionError({ status: res.status, code: error.code, message: error.message });
      }
      if (failures > 0) log(`Reconnected${lastEventId ? `, resuming after ${lastEventId}` : ""}.`);
      failures = 0;
      for await (const message of messages(res.body)) {
        if (message.event === "ready") {
          const s = (JSON.parse(message.data) as { secret: string }).secret;
          if (s !== secret) {
            secret = s;
            log(`Ready. Your listener secret is ${s} — verify forwarded events with it. Forwarding to ${forwardTo}.`);
          }
          continue;
        }
        const e = JSON.parse(message.data) as Streamed;
        lastEventId = message.id ?? e.id;
        if (events && events.length > 0 && !events.includes(e.event)) continue;
        log(await forward(forwardTo, e));
      }
      throw new ConnectionError({ status: 0, code: "stream_ended", message: "the stream ended" });
    } catch (error) {
      if (signal?.aborted) return;
      if (!(error instanceof ConnectionError) && (error as { status?: number }).status !== undefined) throw error;
      const wait = RECONNECT_MS[Math.min(failures, RECONNECT_MS.length - 1)]!;
      failures++;
      // Every attempt is printed with its wait, so a long outage never looks like a hang.
      // undici says only "fetch failed"; its cause (ECONNREFUSED, ENOTFOUND, bad port…) is what helps.
      const { cause: c } = error as { cause?: { code?: string; message?: string } };
      const cause = c?.code ?? c?.message;
      const why = cause ? `${(error as Error).message}: ${cause}` : (error as Error).message;
      const next = `reconnecting in ${seconds(wait)} (attempt ${failures})…`;
      log(failures === 1 ? `Connection lost (${why}); ${next}` : `Attempt ${failures - 1} failed (${why}); ${next}`);
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}

async function forward(url: string, e: Streamed): Promise<string> {
  const started = performance.now();
  try {
    const res = await fetch(url, { method: "POST", headers: e.headers, body: e.body, signal: AbortSignal.timeout(10_000) });
    await res.arrayBuffer();
    return `→ ${e.event} ${e.id} ← ${res.status} ${Math.round(performance.now() - started)} ms`;
  } catch (error) {
    return `→ ${e.event} ${e.id} ← failed: ${(error as Error).message}`;
  }
}

/** Server-Sent Events, one message at a time. */
async function* messages(body: ReadableStream<Uint8Array>): AsyncGenerator<{ id?: string; event?: string; data: string }> {
  const decoder = new TextDecoder();
  let buffer = "";
  for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(chunk, { stream: true });
    let end: number;
    while ((end = buffer.indexOf("\n\n")) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let id: string | undefined;
      let event: string | undefined;
      const data: string[] = [];
      for (const line of block.split("\n")) {
        if (line.startsWith("id: ")) id = line.slice(4);
        else if (line.startsWith("event: ")) event = line.slice(7);
        else if (line.startsWith("data: ")) data.push(line.slice(6));
      }
      if (data.length > 0) yield { id, event, data: data.join("\n") };
    }
  }
}
