// An API key's "Last used" (SPEC §13 Developers page). Writing it on every
// request would add a statement to every API call and make each key's row a
// row every request of that key updates. So each process notes a use in
// memory and writes at most one per key a minute, in one statement for all
// the keys due, off the request's path (a timer). Across processes the
// statement itself skips a key written in the last minute, so N processes
// still write a busy key about once a minute. The time shown is therefore
// accurate to a minute, which is what "Last used" means to a person.
import { LRUCache } from "lru-cache";
import { db } from "@/lib/db";
import { registerShutdownHook } from "@/lib/http/shutdown-hooks";
import { logger } from "@/lib/log";

/** A key's use is written at most this often (per process, and in the database across processes). */
export const KEY_USE_RESOLUTION_MS = 60_000;
const FLUSH_AFTER_MS = 1_000;

class KeyUseWriter {
  /** When this process last queued a write per key; bounded, so a flood of keys cannot grow it without limit. */
  private written = new LRUCache<string, number>({ max: 50_000 });
  private due = new Map<string, Date>();
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> = Promise.resolve();

  note(keyId: string, at: Date): void {
    const last = this.written.get(keyId);
    if (last !== undefined && at.getTime() - last < KEY_USE_RESOLUTION_MS) return;
    this.written.set(keyId, at.getTime());
    this.due.set(keyId, at);
    this.timer ??= setTimeout(() => void this.flush(), FLUSH_AFTER_MS).unref();
  }

  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const due = [...this.due];
    this.due.clear();
    this.writing = this.writing.then(() => this.write(due));
    return this.writing;
  }

  private async write(due: [string, Date][]): Promise<void> {
    if (due.length === 0) return;
    try {
      await db.$executeRaw`
        UPDATE "ApiKey" k SET "lastUsedAt" = u.at
        FROM unnest(${due.map(([id]) => id)}::text[], ${due.map(([, at]) => at)}::timestamptz[]) AS u(id, at)
        WHERE k.id = u.id AND (k."lastUsedAt" IS NULL OR k."lastUsedAt" <= u.at - ${KEY_USE_RESOLUTION_MS / 1000} * interval '1 second')`;
    } catch (err) {
      // Informational only: the next use after a minute writes it again.
      logger.warn({ err, keys: due.length }, "could not record when API keys were last used");
    }
  }
}

// One writer per process, also across Next's dev reloads (like the request log).
const g = globalThis as unknown as { sluiceKeyUse?: KeyUseWriter };
const writer = (g.sluiceKeyUse ??= new KeyUseWriter());
registerShutdownHook("api-key-use", () => writer.flush());

/** Notes that an API key authenticated a request; returns at once. */
export function recordKeyUse(keyId: string, at = new Date()): void {
  writer.note(keyId, at);
}

/** Resolves when every use noted so far is written (tests, shutdown). */
export function flushKeyUse(): Promise<void> {
  return writer.flush();
}
