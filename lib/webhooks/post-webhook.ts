// One delivery attempt over HTTP (SPEC §9): POST the exact stored bytes, give
// up after WEBHOOK_TIMEOUT_MS (connect, headers and body together), never
// follow a redirect (undici's request() has no redirect handling unless
// asked: a 3xx is a failure, like fetch's `redirect: "manual"`), and keep at
// most the first 1 KiB of the answer — the rest is discarded unread, so a
// receiver streaming gigabytes costs us one socket, not memory.
import type { Dispatcher } from "undici";
import { request } from "undici";
import { webhookDispatcher } from "./guarded-dispatcher";

const RESPONSE_EXCERPT_BYTES = 1024;

export interface AttemptOutcome {
  startedAt: Date;
  durationMs: number;
  statusCode: number | null;
  /** First 1 KiB of the response body, as text. */
  responseBody: string | null;
  error: string | null;
  success: boolean;
  /** 410 Gone: the receiver asked for no further attempts. */
  gone: boolean;
}

export interface PostWebhookOptions {
  url: string;
  body: string;
  headers: Record<string, string>;
  timeoutMs: number;
  dispatcher?: Dispatcher;
}

export async function postWebhook({ url, body, headers, timeoutMs, dispatcher = webhookDispatcher() }: PostWebhookOptions): Promise<AttemptOutcome> {
  const startedAt = new Date();
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  try {
    const res = await request(url, { method: "POST", body, headers, dispatcher, signal: AbortSignal.timeout(timeoutMs) });
    const responseBody = await readExcerpt(res.body);
    const statusCode = res.statusCode;
    const success = statusCode >= 200 && statusCode < 300;
    let error: string | null = null;
    if (statusCode >= 300 && statusCode < 400) error = `Redirect not followed (HTTP ${statusCode}); webhooks must be answered directly with 2xx`;
    else if (statusCode === 410) error = "Receiver answered 410 Gone: no further attempts";
    return { startedAt, durationMs: elapsed(), statusCode, responseBody, error, success, gone: statusCode === 410 };
  } catch (err) {
    return { startedAt, durationMs: elapsed(), statusCode: null, responseBody: null, error: describeError(err, timeoutMs), success: false, gone: false };
  }
}

async function readExcerpt(body: Dispatcher.ResponseData["body"]): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    chunks.push(chunk);
    size += chunk.length;
    // Leaving the loop destroys the stream: the remainder is never read.
    if (size >= RESPONSE_EXCERPT_BYTES) break;
  }
  // PostgreSQL text cannot hold NUL; a binary answer must not make the attempt unrecordable.
  return Buffer.concat(chunks).subarray(0, RESPONSE_EXCERPT_BYTES).toString("utf8").replace(/\u0000/g, "");
}

function describeError(err: unknown, timeoutMs: number): string {
  const e = err as Error & { code?: string; cause?: Error & { code?: string } };
  const inner = e.cause && !(e.name === "TimeoutError" || e.name === "AbortError") ? e.cause : e;
  const code = inner.code ?? e.code;
  if (e.name === "TimeoutError" || e.name === "AbortError" || /Timeout/.test(code ?? "") || /Timeout/.test(inner.name)) return `Timed out after ${timeoutMs} ms`;
  if (code === "EBLOCKEDADDRESS") return inner.message;
  if (code === "ECONNREFUSED") return "Connection refused";
  if (code === "ENOTFOUND" || code === "EAI_AGAIN") return "Host name could not be resolved";
  if (code === "ECONNRESET" || code === "UND_ERR_SOCKET") return "Connection closed by the receiver";
  return (inner.message || e.message || "Request failed").slice(0, 500);
}
