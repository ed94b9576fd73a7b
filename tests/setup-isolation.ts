// Per test file: a fresh database cloned from the migrated template and a
// Redis key prefix of its own. Runs before the test file imports anything
// from lib/, so lib/env.ts reads these values.
import { randomBytes } from "node:crypto";
import pg from "pg";
import { inject } from "vitest";

const id = randomBytes(6).toString("hex");
const name = `sluice_t_${inject("runId")}_${id}`;
const serverUrl = inject("serverUrl");
const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${inject("templateDatabase")}"`);
await admin.end();

const url = new URL(serverUrl);
url.pathname = `/${name}`;
process.env.DATABASE_URL = url.toString();
process.env.REDIS_URL = inject("redisUrl");
process.env.REDIS_PREFIX = `t_${id}`;
// Quiet unless asked for: the .env a developer has (LOG_LEVEL=info) would
// otherwise bury test failures in request logs. Tests that check logging spy on the logger.
process.env.LOG_LEVEL = process.env.TEST_LOG_LEVEL ?? "silent";
process.env.WEBHOOK_RETRY_SCALE ??= "0.001";
process.env.SANDBOX_TIME_SCALE ??= "0.001";
