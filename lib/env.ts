// The only reader of process.env (GUIDE.md §5). Parsed once, at import, so a
// missing or malformed variable stops `next start`, the worker and the CLI
// with a message naming it instead of failing later on a request.
import { existsSync } from "node:fs";
import { z } from "zod";

// Next.js loads .env itself; the worker and the CLI run under tsx and do not.
// loadEnvFile never overrides variables that are already set.
if (!process.env.NEXT_RUNTIME && existsSync(".env")) process.loadEnvFile(".env");

const bool = (fallback: boolean) =>
  z
    .enum(["true", "false", "1", "0"])
    .optional()
    .transform((v) => (v === undefined ? fallback : v === "true" || v === "1"));

const isProduction = process.env.NODE_ENV === "production";

const Env = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),

  DATABASE_URL: z.string().url().default("postgresql://postgres@127.0.0.1:5432/sluice"),
  /**
   * A streaming replica of DATABASE_URL's database (SPEC §22), optional: lists, exports, reports
   * and back-office list pages read from it; every read that must see its own request's write
   * stays on DATABASE_URL (README "Read replica"). Unset: everything reads from the primary.
   */
  DATABASE_REPLICA_URL: z.string().url().optional(),
  /**
   * Named (prepared) statements: each connection parses and plans a statement once and reuses
   * it, instead of planning every execution (planning was half of PostgreSQL's CPU per sale,
   * #28). Set it to false behind a transaction-mode pooler that cannot carry prepared statements
   * between server connections (PgBouncer before 1.21, or with max_prepared_statements = 0).
   */
  DATABASE_PREPARED_STATEMENTS: bool(true),
  REDIS_URL: z.string().url().default("redis://127.0.0.1:6379"),
  /**
   * Redis Sentinel (SPEC §22): comma-separated host:port of the sentinels. When set, every Redis
   * connection asks them for REDIS_MASTER_NAME's primary and follows a failover; REDIS_URL then
   * gives only the password and database number.
   */
  REDIS_SENTINELS: z
    .string()
    .refine((v) => list(v).every((s) => /^[^\s:]+:\d{1,5}$/.test(s)), "must be comma-separated host:port pairs")
    .default(""),
  REDIS_MASTER_NAME: z.string().min(1).default("mymaster"),
  /** Prefix for every Redis key and BullMQ queue, so test runs can share one Redis. */
  REDIS_PREFIX: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/).default("sluice"),

  API_BASE_URL: z.string().url().default("http://localhost:3000/v1"),
  SANDBOX_API_BASE_URL: z.string().url().default("http://localhost:3000/v1"),
  SANDBOX_API_HOSTS: z.string().default(""),
  CHECKOUT_BASE_URL: z.string().url().default("http://localhost:3000/checkout"),
  BACKOFFICE_BASE_URL: z.string().url().default("http://localhost:3000/backoffice"),

  /** 32 bytes, base64 or hex: encrypts webhook signing keys and TOTP secrets at rest. */
  APP_ENCRYPTION_KEY: z
    .string()
    .refine((v) => decodeKey(v) !== null, "must be 32 bytes, base64- or hex-encoded")
    .default(isProduction ? "" : "c2x1aWNlLWRldmVsb3BtZW50LWtleS0wMDAwMDAwMDA="),
  /**
   * Keys APP_ENCRYPTION_KEY replaced, comma-separated (same encodings): still read, never used to
   * seal. Kept until `cli secrets:re-encrypt` has moved everything to the current key.
   */
  APP_ENCRYPTION_KEYS_OLD: z
    .string()
    .refine((v) => list(v).every((k) => decodeKey(k) !== null), "each key must be 32 bytes, base64- or hex-encoded")
    .default(""),
  NEXTAUTH_SECRET: z.string().min(16).default(isProduction ? "" : "sluice-development-secret-change-me"),
  NEXTAUTH_URL: z.string().url().optional(),

  /**
   * Failed back-office sign-ins one client address may make in 10 minutes before every
   * sign-in from it is refused (password spraying, SPEC §20). The end-to-end suite, whose
   * browsers all come from 127.0.0.1, raises it.
   */
  SIGN_IN_FAILURES_PER_IP: z.coerce.number().int().min(1).default(20),
  REQUIRE_HTTPS: bool(isProduction),
  TRUSTED_PROXIES: z.string().default(""),

  WEBHOOK_SIGNATURE_HEADER: z.string().regex(/^[A-Za-z0-9-]+$/).default("X-Sluice-Signature"),
  WEBHOOK_RETRY_SCALE: z.coerce.number().positive().default(1),
  WEBHOOK_ALLOW_PRIVATE_NETWORKS: bool(!isProduction),
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  WEBHOOK_CONCURRENCY: z.coerce.number().int().positive().default(50),

  SANDBOX_TIME_SCALE: z.coerce.number().positive().default(1),
  /**
   * How long a call to a live provider (SPEC §21) may take before its outcome is unknown and left
   * to the reconcile job; a connector may set its own. Stripe's library defaults to 80 s.
   */
  CONNECTOR_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(30_000),
  METRICS_TOKEN: z.string().optional(),
  WORKER_CONCURRENCY: z.coerce.number().int().positive().default(10),
  /** Web processes `npm start` / `npm run web` run (SPEC §16); default: one per core. */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
  /**
   * How long a web process keeps serving after SIGTERM while /api/ready answers 503 "draining"
   * (SPEC §22), before it stops listening: at least the load balancer's health-check interval
   * times the failures it needs to mark a node down (HAProxy `inter 2s fall 3`: 6 s; the
   * Kubernetes readiness probe in deploy/k8s/web.yaml: 5 s × 2). 0 stops listening at once.
   */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(120_000).default(10_000),
  /** Worker processes `npm start` runs; default 1. */
  WORKER_PROCESSES: z.coerce.number().int().min(1).max(64).default(1),
});

export type Env = z.infer<typeof Env>;

/** Every variable Sluice reads: the deployment files may set these and no others (tests/deploy). */
export const ENV_VARIABLES: readonly string[] = Object.keys(Env.shape);

function decodeKey(value: string): Buffer | null {
  const hex = /^[0-9a-fA-F]{64}$/.test(value) ? Buffer.from(value, "hex") : null;
  const buf = hex ?? Buffer.from(value, "base64");
  return buf.length === 32 ? buf : null;
}

function load(): Env {
  const parsed = Env.safeParse(process.env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".") || "(env)"}: ${i.message}`);
    // Thrown, not process.exit: Next.js prints it at start and the CLI/worker exit non-zero.
    throw new Error(`Invalid environment configuration:\n${lines.join("\n")}\nSee .env.example.`);
  }
  return parsed.data;
}

export const env: Env = load();

export const encryptionKey: Buffer = decodeKey(env.APP_ENCRYPTION_KEY)!;
export const oldEncryptionKeys: Buffer[] = list(env.APP_ENCRYPTION_KEYS_OLD).map((k) => decodeKey(k)!);

/** Comma-separated settings, trimmed, empty entries dropped. */
export function list(value: string): string[] {
  return value
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
}
