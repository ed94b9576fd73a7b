// The Prisma client singleton. Next.js dev reloads modules, so the client is
// parked on globalThis to avoid a new connection pool per reload.
import { createHash } from "node:crypto";
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

const POOL_IDLE_MS = 300_000;

/**
 * Above this many parameters a statement stays unnamed: statements that differ only by the
 * length of an IN list would otherwise each be kept, per connection, for the connection's life.
 */
const MAX_NAMED_PARAMETERS = 128;

/**
 * A statement whose result has every column of a table stays unnamed: after a migration adds a
 * column, PostgreSQL refuses to run its prepared form on a connection that prepared it before
 * ("cached plan must not change result type"), as during a rolling deploy. Prisma's own
 * statements name their columns.
 */
const ALL_COLUMNS = /RETURNING\s+\*|SELECT\s+(?:DISTINCT\s+)?(?:"?\w+"?\.)?\*/i;

/**
 * The name of a statement's prepared form on a connection (DATABASE_PREPARED_STATEMENTS): a digest
 * of its text, so the same SQL always has the same name and two texts never share one. pg parses
 * a named statement once per connection and then only binds and executes it; PostgreSQL keeps
 * its plan (a generic plan once it costs no more than the custom ones).
 */
function statementName(query: { sql: string; args: unknown[] }): string | undefined {
  if (query.args.length > MAX_NAMED_PARAMETERS) return undefined;
  // Remembered per text: the hot path sends the same few hundred texts over and over, and a
  // lookup beats hashing a few KB of SQL (and testing it against ALL_COLUMNS) on every query.
  let name = statementNames.get(query.sql);
  if (name === undefined) {
    name = ALL_COLUMNS.test(query.sql) ? null : `s_${createHash("sha1").update(query.sql).digest("base64url")}`;
    // Texts are Prisma's parametrised SQL plus our raw statements, a bounded set; the cap only
    // guards against a caller that builds texts from data.
    if (statementNames.size >= MAX_REMEMBERED_NAMES) statementNames.clear();
    statementNames.set(query.sql, name);
  }
  return name ?? undefined;
}
const statementNames = new Map<string, string | null>();
const MAX_REMEMBERED_NAMES = 10_000;

function createClient(connectionString: string): PrismaClient {
  // lock_timeout: a statement that cannot get its row lock within 10 s fails
  // with 55P03, answered as a retryable 503 (lib/errors.ts), before the 20 s
  // transaction timeout of MONEY_TRANSACTION_OPTIONS could turn it into a 500.
  // connectionTimeoutMillis: a request waits at most 30 s for a pooled connection (or a new one to
  // open), then answers a retryable 503, instead of queueing with no end when the database stops
  // answering. Longer than MONEY_TRANSACTION_OPTIONS' 20 s, so a burst of transactions serialized
  // on one merchant's lock waits its turn rather than failing.
  // idleTimeoutMillis: a connection idle for 5 minutes closes (the default, 10 s, closed and reopened
  // connections all through a paced load: 20–30 new sessions per 500 sales, each a fork with cold
  // caches that plans every statement anew — #28). allowExitOnIdle: idle connections alone do not
  // keep a process alive, so a script ends when its work does, not when its pool times out.
  const pool = new pg.Pool({ connectionString, max: 20, idleTimeoutMillis: POOL_IDLE_MS, allowExitOnIdle: true, connectionTimeoutMillis: 30_000, options: "-c lock_timeout=10000" });
  timeQueries(pool);
  pool.on("connect", timeQueries);
  // An idle pooled connection that dies (a database restart) is dropped by the
  // pool; without a listener its 'error' event would crash the process.
  pool.on("error", (err) => logger.warn({ err: err.message }, "idle database connection lost; the pool replaces it"));
  // The adapter passes the generator's answer to pg as the query's `name`; undefined (a long IN
  // list) is an unnamed statement there, though the adapter's type asks for a string.
  const adapter = new PrismaPg(pool, env.DATABASE_PREPARED_STATEMENTS ? { statementNameGenerator: statementName as (query: { sql: string; args: unknown[] }) => string } : undefined);
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
