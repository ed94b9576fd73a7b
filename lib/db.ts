// The Prisma client singleton. Next.js dev reloads modules, so the client is
// parked on globalThis to avoid a new connection pool per reload.
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/lib/generated/prisma/client";
import pg from "pg";
import { env } from "@/lib/env";
import { logger } from "@/lib/log";
import { currentTiming } from "@/lib/request-timing";

/** A client or an interactive-transaction client: domain writes accept either. */
export type Tx = Omit<PrismaClient, "$connect" | "$disconnect" | "$on" | "$transaction" | "$extends">;

const globalForPrisma = globalThis as unknown as { sluicePrisma?: PrismaClient; sluiceReplica?: PrismaClient };

/**
 * Adds each statement's round trip to the current request's `db` time
 * (Server-Timing, SPEC §16). Prisma sends a statement outside a transaction
 * through `pool.query` and one inside through its transaction's client, both
 * in promise form, so both are wrapped. `pool.query` itself calls the
 * client's `query` with a callback, which is not timed again: that call
 * happens inside the timed one. The pool's time includes any wait for a free
 * connection: under load that wait is where the database tier is short.
 */
function timeQueries(target: { query: unknown }): void {
  const query = (target.query as (...args: unknown[]) => unknown).bind(target);
  target.query = (...args: unknown[]) => {
    const timing = currentTiming();
    const started = performance.now();
    const result = query(...args);
    if (timing && result instanceof Promise) {
      return result.finally(() => {
        timing.db += performance.now() - started;
      });
    }
    return result;
  };
}

function createClient(connectionString: string): PrismaClient {
  // lock_timeout: a statement that cannot get its row lock within 10 s fails
  // with 55P03, answered as a retryable 503 (lib/errors.ts), before the 20 s
  // transaction timeout of MONEY_TRANSACTION_OPTIONS could turn it into a 500.
  // connectionTimeoutMillis: a request waits at most 30 s for a pooled connection (or a new one to
  // open), then answers a retryable 503, instead of queueing with no end when the database stops
  // answering. Longer than MONEY_TRANSACTION_OPTIONS' 20 s, so a burst of transactions serialized
  // on one merchant's lock waits its turn rather than failing.
  const pool = new pg.Pool({ connectionString, max: 20, connectionTimeoutMillis: 30_000, options: "-c lock_timeout=10000" });
  timeQueries(pool);
  pool.on("connect", timeQueries);
  // An idle pooled connection that dies (a database restart) is dropped by the
  // pool; without a listener its 'error' event would crash the process.
  pool.on("error", (err) => logger.warn({ err: err.message }, "idle database connection lost; the pool replaces it"));
  const adapter = new PrismaPg(pool);
  return new PrismaClient({ adapter });
}

export const db: PrismaClient = globalForPrisma.sluicePrisma ?? createClient(env.DATABASE_URL);
globalForPrisma.sluicePrisma = db;

/**
 * Reads that may lag the primary by the replica's replay delay (SPEC §22):
 * lists, exports, reports and back-office list pages. Without
 * DATABASE_REPLICA_URL this is the primary's client. Anything that must see
 * a write just made (a GET after its POST, a balance before a payout, API
 * keys, sessions, the page a staff action returns to) uses `db`; the README
 * ("Read replica") lists which is which. Never write through it: a replica
 * refuses writes.
 */
export const dbReplica: PrismaClient = env.DATABASE_REPLICA_URL ? (globalForPrisma.sluiceReplica ?? createClient(env.DATABASE_REPLICA_URL)) : db;
if (env.DATABASE_REPLICA_URL) globalForPrisma.sluiceReplica = dbReplica;

export { Prisma } from "@/lib/generated/prisma/client";
export type * from "@/lib/generated/prisma/client";
