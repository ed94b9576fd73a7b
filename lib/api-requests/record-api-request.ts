// The request log behind the back office's "recent API requests" (SPEC §13).
// Writing a row per request inside the request would add a database round
// trip to every API call, so rows are buffered and written in batches, off
// the request's path. A failed batch is logged with its size (never
// swallowed), the buffer is bounded so a database outage cannot exhaust
// memory, and the web server entry flushes it on shutdown.
import { db } from "@/lib/db";
import type { Environment } from "@/lib/generated/prisma/enums";
import { registerShutdownHook } from "@/lib/http/shutdown-hooks";
import { newId } from "@/lib/ids";
import { logger } from "@/lib/log";
import { requestBodyForLog } from "@/lib/redact";

export interface ApiRequestRecord {
  merchantId: string;
  environment: Environment;
  apiKeyId: string;
  requestId: string;
  method: string;
  path: string;
  statusCode: number;
  durationMs: number;
  /** The raw body as received; only its allowlisted fields, redacted, are kept (lib/redact.ts). */
  body?: string;
}

const FLUSH_AFTER_MS = 250;
const BATCH_SIZE = 500;
const MAX_BUFFERED = 20_000;

type Row = { id: string; merchantId: string; environment: Environment; apiKeyId: string; requestId: string; method: string; path: string; statusCode: number; durationMs: number; requestBody: string | null; createdAt: Date };

class ApiRequestLogWriter {
  private buffer: Row[] = [];
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> = Promise.resolve();
  private dropped = 0;

  add(record: ApiRequestRecord): void {
    if (this.buffer.length >= MAX_BUFFERED) {
      this.dropped++;
      return;
    }
    const { body, ...rest } = record;
    this.buffer.push({ ...rest, id: newId("request"), requestBody: body ? requestBodyForLog(body) : null, createdAt: new Date() });
    if (this.buffer.length >= BATCH_SIZE) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), FLUSH_AFTER_MS).unref();
  }

  /** Writes everything buffered so far; batches are written one after another. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const rows = this.buffer.splice(0);
    const dropped = this.dropped;
    this.dropped = 0;
    this.writing = this.writing.then(() => this.write(rows, dropped));
    return this.writing;
  }

  private async write(rows: Row[], dropped: number): Promise<void> {
    if (dropped > 0) logger.error({ dropped }, "API request log buffer full; requests were not logged");
    for (let i = 0; i < rows.length; i += BATCH_SIZE) {
      const batch = rows.slice(i, i + BATCH_SIZE);
      try {
        await db.apiRequestLog.createMany({ data: batch });
      } catch (err) {
        logger.error({ err, rows: batch.length }, "could not write API request log rows");
      }
    }
  }
}

// One writer per process, also across Next's dev reloads (like lib/db.ts).
const g = globalThis as unknown as { sluiceApiRequestLog?: ApiRequestLogWriter };
const writer = (g.sluiceApiRequestLog ??= new ApiRequestLogWriter());
registerShutdownHook("api-request-log", () => writer.flush());

/** Queues one request for the log; returns at once. */
export function recordApiRequest(record: ApiRequestRecord): void {
  writer.add(record);
}

/** Resolves when everything recorded so far is written (tests, shutdown). */
export function flushApiRequests(): Promise<void> {
  return writer.flush();
}
