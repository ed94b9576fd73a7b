// The HTTP core of the SDK: one request function with the behaviour SPEC §19
// asks for, so every resource gets it the same way.
// - Every POST carries an Idempotency-Key (UUID v4) unless the caller gives
//   one, and its retries reuse it: a retried payment is one payment.
// - Retries on network errors and timeouts, 409 (the first request with the
//   key still running), 429 and 5xx, with jittered exponential backoff that
//   waits at least what Retry-After asks; never on other 4xx.
// - Errors are thrown as SluiceError subclasses, whichever body family came back.
import { randomUUID } from "node:crypto";
import { ConnectionError, errorFromResponse, type SluiceError } from "./errors.js";

export interface ClientOptions {
  /** The API's base URL, with /v1. Default: SLUICE_BASE_URL, else http://localhost:3000/v1. */
  baseUrl?: string;
  /** Retries after the first attempt. Default 2. */
  maxNetworkRetries?: number;
  /** Per attempt. Default 30 000 ms. */
  timeoutMs?: number;
  /** For tests and special transports. Default: the global fetch. */
  fetch?: typeof fetch;
}

export interface RequestOptions {
  /** Your own Idempotency-Key for a POST (default: a fresh UUID v4, reused on retries). */
  idempotencyKey?: string;
  /** Per-request override of maxNetworkRetries. */
  maxNetworkRetries?: number;
  timeoutMs?: number;
}

type Query = Record<string, string | number | boolean | undefined>;

const BACKOFF_BASE_MS = 500;
const BACKOFF_MAX_MS = 8_000;
const RETRY_AFTER_MAX_MS = 60_000;

export class HttpClient {
  readonly baseUrl: string;
  private readonly maxNetworkRetries: number;
  private readonly timeoutMs: number;
  private readonly fetchImpl: typeof fetch;

  constructor(
    private readonly apiKey: string,
    options: ClientOptions = {},
  ) {
    if (!apiKey) throw new Error("An API key is required: new Sluice(apiKey) or the SLUICE_API_KEY environment variable");
    this.baseUrl = (options.baseUrl ?? process.env.SLUICE_BASE_URL ?? "http://localhost:3000/v1").replace(/\/+$/, "");
    this.maxNetworkRetries = options.maxNetworkRetries ?? 2;
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.fetchImpl = options.fetch ?? fetch;
  }

  async request<T>(method: "GET" | "POST" | "PATCH" | "DELETE", path: string, { body, query, options = {} }: { body?: unknown; query?: Query; options?: RequestOptions } = {}): Promise<T> {
    const url = new URL(this.baseUrl + path);
    for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
    const headers: Record<string, string> = { authorization: `Bearer ${this.apiKey}`, accept: "application/json", "user-agent": "sluice-node/0.1" };
    if (body !== undefined) headers["content-type"] = "application/json";
    if (method === "POST") headers["idempotency-key"] = options.idempotencyKey ?? randomUUID();
    const retries = options.maxNetworkRetries ?? this.maxNetworkRetries;
    const timeoutMs = options.timeoutMs ?? this.timeoutMs;

    for (let attempt = 0; ; attempt++) {
      let res: Response;
      try {
        res = await this.fetchImpl(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal: AbortSignal.timeout(timeoutMs) });
      } catch (cause) {
        if (attempt < retries) {
          await sleep(backoffMs(attempt));
          continue;
        }
        const timedOut = (cause as Error)?.name === "TimeoutError";
        throw new ConnectionError({ status: 0, code: timedOut ? "timeout" : "connection_error", message: timedOut ? `No answer from ${url.origin} within ${timeoutMs} ms` : `Could not reach ${url.origin}: ${(cause as Error)?.message ?? cause}` });
      }
      const text = await res.text();
      const parsed = text ? safeJson(text) : undefined;
      if (res.ok) return parsed as T;
      const error = errorFromResponse(res.status, parsed, res.headers);
      if (attempt < retries && retryable(error)) {
        await sleep(Math.max(backoffMs(attempt), retryAfterMs(res.headers)));
        continue;
      }
      throw error;
    }
  }
}

function retryable(e: SluiceError): boolean {
  // The seed's 500 processing_error is a stored decline, not a failure: retrying replays the same answer.
  if (e.code === "processing_error") return false;
  return e.status === 409 || e.status === 429 || e.status >= 500;
}

function backoffMs(attempt: number): number {
  const ceiling = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** attempt);
  return ceiling / 2 + Math.random() * (ceiling / 2);
}

function retryAfterMs(headers: Headers): number {
  const value = headers.get("retry-after");
  if (!value) return 0;
  const seconds = Number(value);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(value) - Date.now();
  return Math.min(RETRY_AFTER_MAX_MS, Math.max(0, ms));
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return { error: { code: "api_error", message: text.slice(0, 200) } };
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A page of a list, as the API answers it. */
export interface Page<T> {
  data: T[];
  hasMore: boolean;
  nextCursor: string | null;
}

/**
 * A list call: await it for the first page, or iterate it for every item of
 * every page (`for await (const tx of sluice.transactions.list())`), following
 * `nextCursor`.
 */
export class ListRequest<T> implements PromiseLike<Page<T>>, AsyncIterable<T> {
  constructor(private readonly fetchPage: (startingAfter?: string) => Promise<Page<T>>) {}

  then<A = Page<T>, B = never>(onFulfilled?: ((page: Page<T>) => A | PromiseLike<A>) | null, onRejected?: ((reason: unknown) => B | PromiseLike<B>) | null): PromiseLike<A | B> {
    return this.fetchPage().then(onFulfilled, onRejected);
  }

  async *[Symbol.asyncIterator](): AsyncIterator<T> {
    let cursor: string | undefined;
    for (;;) {
      const page = await this.fetchPage(cursor);
      for (const item of page.data) yield item;
      if (!page.hasMore || !page.nextCursor) return;
      cursor = page.nextCursor;
    }
  }
}
