// Who is alive, as PostgreSQL sees it (SPEC §10, §20). Each process holds one
// advisory lock on a connection of its own; an Idempotency-Key
// claim records that lock's number as its owner. PostgreSQL drops the lock the
// moment the owner's connection goes — the process was killed, or the
// database restarted — so "is the claimer still running?" is answered by
// pg_locks, not by a timer: a key whose request died is free at once, and a
// key whose request is alive is never taken over.
//
// When the lock connection is lost the process takes a new lock under a new
// number: claims made under the old one count as dead, which is right, since
// their effects can no longer commit (lib/idempotency/idempotent-effect.ts
// makes every effect commit only while its own claim is in place).
import pg from "pg";
import { randomInt } from "node:crypto";
import { env } from "@/lib/env";
import { logger } from "@/lib/log";

let current: Promise<bigint> | null = null;
let client: pg.Client | null = null;

/** A positive 62-bit number: fits pg_locks' (classid, objid) pair and never collides in practice. */
function newLockNumber(): bigint {
  return (BigInt(randomInt(1, 2 ** 30)) << 32n) | BigInt(randomInt(0, 2 ** 32 - 1));
}

async function acquire(): Promise<bigint> {
  const number = newLockNumber();
  const c = new pg.Client({ connectionString: env.DATABASE_URL, application_name: "sluice-liveness" });
  const lost = () => {
    if (client === c) {
      client = null;
      current = null;
    }
  };
  c.on("error", (err) => {
    logger.warn({ err: err.message }, "liveness lock connection lost; the next claim takes a new lock");
    lost();
  });
  c.on("end", lost);
  await c.connect();
  // A transaction-level lock in a transaction left open for the life of the
  // process, not a session lock: through a transaction-pooling PgBouncer
  // (SPEC §22) a session lock would stay on a server connection that outlives
  // us, while an open transaction pins its server connection to ours and ends
  // with it. Between statements a read-committed transaction holds no
  // snapshot, so it does not hold back vacuum. (An operator's
  // idle_in_transaction_session_timeout would end it: the next claim then
  // takes a new lock, as after any lost connection.)
  await c.query("BEGIN");
  await c.query("SELECT pg_advisory_xact_lock($1::bigint)", [number.toString()]);
  // The lock must not keep a finished process (a CLI run, a test worker) alive.
  (c as unknown as { connection?: { stream?: { unref?: () => void } } }).connection?.stream?.unref?.();
  client = c;
  return number;
}

/** This process's liveness lock number, taking the lock on first use (and again after a lost connection). */
export function processLivenessLock(): Promise<bigint> {
  if (!current) {
    current = acquire().catch((err: unknown) => {
      current = null;
      throw err;
    });
  }
  return current;
}

/** SQL condition "the process with lock number <owner> is alive", for use inside a statement. */
export const OWNER_ALIVE_SQL = `EXISTS (SELECT 1 FROM pg_locks l WHERE l.locktype = 'advisory' AND l.objsubid = 1 AND l.granted
  AND ((l.classid::bigint << 32) | l.objid::bigint) = "IdempotencyRecord"."owner")`;
