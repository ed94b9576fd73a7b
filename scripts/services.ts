/**
 * Makes sure the external services Sluice needs (PostgreSQL, Redis, Chromium)
 * are available, installing and starting them on a Debian/Ubuntu machine when
 * we are root, and otherwise failing with an exact instruction.
 *
 * Usage: npx tsx scripts/services.ts [postgres|redis|chromium|xmllint|all]...
 * Progress goes to stderr; `chromium` prints the browser path on stdout.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { delimiter, join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { pathToFileURL } from "node:url";
import pg from "pg";
import { Redis, ReplyError } from "ioredis";

const DEFAULT_DATABASE_URL = "postgresql://postgres@127.0.0.1:5432/sluice";
const DEFAULT_REDIS_URL = "redis://127.0.0.1:6379";
const CHROMIUM_DEFAULT_PATH = "/usr/bin/chromium";
const HEADLESS_SHELL_PATH = "/usr/bin/chromium-headless-shell";

// Marks the pg_hba.conf lines we add, so a second run does not add them again.
const HBA_MARKER = "# Added by Sluice scripts/services.ts";

function log(message: string): void {
  process.stderr.write(`[services] ${message}\n`);
}

function isLocalHost(hostname: string): boolean {
  // An empty host means a Unix socket (or pg's default, localhost).
  return ["", "localhost", "127.0.0.1", "::1", "[::1]"].includes(hostname);
}

function commandPath(command: string): string | undefined {
  // Root's PATH may lack the sbin directories, where some of these tools live.
  const dirs = [...(process.env.PATH ?? "").split(delimiter), "/usr/sbin", "/sbin"];
  return dirs.map((dir) => join(dir, command)).find((path) => existsSync(path));
}

/** True when we may install and start services ourselves: root on Debian/Ubuntu. */
function canManageServices(): boolean {
  return (
    process.platform === "linux" &&
    process.getuid?.() === 0 &&
    existsSync("/etc/debian_version") &&
    commandPath("apt-get") !== undefined
  );
}

/**
 * Runs a command to completion. stdin is closed so nothing can wait for input
 * (CI has none); the child's stdout goes to our stderr so that this script's
 * own stdout stays clean for values such as the Chromium path.
 * Returns the exit status (null if killed by a signal).
 */
function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): number | null {
  const result = spawnSync(command, args, { stdio: ["ignore", 2, 2], env });
  if (result.error) throw result.error;
  return result.status;
}

let aptUpdated = false;

function aptInstall(...packages: string[]): void {
  // The postgresql package creates its first cluster with the environment's
  // locale: under C/POSIX (usual in containers and CI) that would be SQL_ASCII,
  // so use C.UTF-8, which every Debian/Ubuntu has.
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive", LC_ALL: "C.UTF-8" };
  if (!aptUpdated) {
    log("apt-get update…");
    if (run("apt-get", ["-o", "DPkg::Lock::Timeout=300", "update"], env) !== 0) throw new Error("`apt-get update` failed (see its output above)");
    aptUpdated = true;
  }
  log(`apt-get install -y ${packages.join(" ")}…`);
  // Another install on the machine (a test run of another checkout installing Chromium) holds dpkg's
  // lock for a minute or two: wait for it rather than fail ("Could not get lock /var/lib/dpkg/lock-frontend").
  if (run("apt-get", ["-o", "DPkg::Lock::Timeout=300", "install", "-y", ...packages], env) !== 0) {
    throw new Error(`\`apt-get install -y ${packages.join(" ")}\` failed (see its output above)`);
  }
}

/** Polls `check` until it returns true or `timeoutMs` has passed. */
async function waitUntil(check: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return true;
    if (Date.now() >= deadline) return false;
    await sleep(500);
  }
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

// ---------------------------------------------------------------- PostgreSQL

type Probe = { state: "ok" } | { state: "refused" | "down"; message: string };

/** The same server and credentials as `databaseUrl`, on the `postgres` maintenance database. */
function maintenanceUrl(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  url.pathname = "/postgres";
  return url.toString();
}

async function withMaintenanceClient<T>(databaseUrl: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: maintenanceUrl(databaseUrl), connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    return await use(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * "refused" means a server answered but rejected us (unknown role, bad
 * password…): starting a server will not help. 57P03 (starting up) and network
 * errors mean nothing usable is listening yet.
 */
async function probePostgres(databaseUrl: string): Promise<Probe> {
  try {
    await withMaintenanceClient(databaseUrl, (client) => client.query("SELECT 1"));
    return { state: "ok" };
  } catch (error) {
    const message = errorMessage(error);
    const answered =
      (error instanceof pg.DatabaseError && error.code !== "57P03") ||
      // Client-side authentication failures, e.g. SCRAM asked for and no password in the URL.
      /password|SASL|SCRAM/i.test(message);
    return { state: answered ? "refused" : "down", message };
  }
}

/** The newest installed major version that has a `main` cluster, e.g. "15". */
function postgresVersion(): string | undefined {
  if (!existsSync("/etc/postgresql")) return undefined;
  return readdirSync("/etc/postgresql")
    .filter((version) => existsSync(`/etc/postgresql/${version}/main/postgresql.conf`))
    .sort((a, b) => Number(b) - Number(a))[0];
}

/**
 * Makes a cluster we have just installed usable from the URL: listen on its
 * port, and trust TCP connections from this machine. Trust (rather than
 * setting a password) because the default DATABASE_URL carries no password and
 * Debian's default scram-sha-256 rule for 127.0.0.1 would then always fail;
 * it is limited to loopback on a local development cluster. The lines go
 * first because pg_hba.conf uses the first matching rule.
 */
function configureNewCluster(version: string, port: string): void {
  if (run("pg_conftool", [version, "main", "set", "port", port]) !== 0) throw new Error(`could not set PostgreSQL ${version}'s port to ${port}`);
  const hbaPath = `/etc/postgresql/${version}/main/pg_hba.conf`;
  const hba = readFileSync(hbaPath, "utf8");
  if (!hba.includes(HBA_MARKER)) {
    const trust = `${HBA_MARKER}: local development cluster, trust TCP from this machine.\nhost all all 127.0.0.1/32 trust\nhost all all ::1/128 trust\n`;
    writeFileSync(hbaPath, trust + hba);
  }
}

/** Installs PostgreSQL with apt-get and configures its new cluster; returns its major version. */
function installPostgres(port: string): string {
  aptInstall("postgresql");
  const version = postgresVersion();
  if (version === undefined) throw new Error("apt-get installed postgresql but created no cluster in /etc/postgresql/*/main");
  configureNewCluster(version, port);
  return version;
}

/**
 * Creates the URL's role (as a superuser: the project creates databases and
 * runs migrations with it) in a cluster we installed, through psql as the
 * `postgres` OS user over the Unix socket (peer authentication).
 * The script goes through stdin because psql interpolates variables there, not in -c.
 */
function createRole(port: string, role: string, password: string): void {
  const script = `SELECT format('CREATE ROLE %I LOGIN SUPERUSER PASSWORD %L', :'role', NULLIF(:'password', ''))
  WHERE NOT EXISTS (SELECT FROM pg_roles WHERE rolname = :'role') \\gexec\n`;
  const result = spawnSync(
    "runuser",
    ["-u", "postgres", "--", "psql", "-X", "-q", "-v", "ON_ERROR_STOP=1", "-v", `role=${role}`, "-v", `password=${password}`, "-p", port, "-d", "postgres"],
    { input: script, stdio: ["pipe", 2, 2] },
  );
  if (result.error) throw result.error;
  if (result.status !== 0) throw new Error(`could not create PostgreSQL role "${role}" (see psql's output above)`);
}

export async function ensurePostgres(databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const port = url.port || "5432";
  const role = decodeURIComponent(url.username) || "postgres";
  const where = `${url.hostname || "localhost"}:${port}`;

  const first = await probePostgres(databaseUrl);
  if (first.state === "ok") return;
  if (first.state === "refused") {
    throw new Error(
      `PostgreSQL at ${where} rejected role "${role}": ${first.message}. ` +
        `Fix the credentials in DATABASE_URL, or allow this role in the server's pg_hba.conf ` +
        `(e.g. "host all all 127.0.0.1/32 trust" for a local development server).`,
    );
  }
  if (!isLocalHost(url.hostname) || !canManageServices()) {
    throw new Error(
      `PostgreSQL is not reachable at ${where} (${first.message}). ` +
        (isLocalHost(url.hostname)
          ? `Start it, or install it: as root on Debian/Ubuntu run ` +
            `"apt-get install -y postgresql && pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start", ` +
            `then let role "${role}" connect over TCP from 127.0.0.1 (or run this script as root, which does all of it); or `
          : `Start it there, or `) +
        `set DATABASE_URL to a reachable server.`,
    );
  }

  const existing = commandPath("pg_ctlcluster") ? postgresVersion() : undefined;
  const installedByUs = existing === undefined;
  const version = existing ?? installPostgres(port);

  log(`starting PostgreSQL ${version} (cluster main)…`);
  // A fresh install may already be running (started by systemd on the default
  // port and configuration), so restart it to apply our changes. An existing
  // cluster is only started; "already running" exits non-zero, which is fine:
  // whether the server answers is what we check next.
  run("pg_ctlcluster", ["--skip-systemctl-redirect", version, "main", installedByUs ? "restart" : "start"]);

  const answers = await waitUntil(async () => (await probePostgres(databaseUrl)).state !== "down", 60_000);
  if (answers && installedByUs) createRole(port, role, decodeURIComponent(url.password));

  const last = await probePostgres(databaseUrl);
  if (last.state !== "ok") {
    throw new Error(
      `PostgreSQL ${version} was started but ${where} still fails for role "${role}": ${last.message}. ` +
        `See /var/log/postgresql/postgresql-${version}-main.log.`,
    );
  }
  log(`PostgreSQL is up at ${where}`);
}

export async function ensureDatabase(databaseUrl: string): Promise<void> {
  const name = decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
  if (!name) throw new Error(`DATABASE_URL names no database: ${databaseUrl}`);
  await withMaintenanceClient(databaseUrl, async (client) => {
    const existing = await client.query("SELECT FROM pg_database WHERE datname = $1", [name]);
    if (existing.rowCount) return;
    log(`creating database "${name}"…`);
    try {
      await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
    } catch (error) {
      // Another process created it meanwhile: 42P04 duplicate_database, or
      // 23505 when both inserts race on pg_database's unique index.
      if (!(error instanceof pg.DatabaseError && (error.code === "42P04" || error.code === "23505"))) throw error;
    }
  });
}

// --------------------------------------------------------------------- Redis

async function probeRedis(redisUrl: string): Promise<Probe> {
  // One short attempt: no reconnect loop, no queued commands, and an error
  // listener so ioredis does not print "Unhandled error event".
  const client = new Redis(redisUrl, {
    lazyConnect: true,
    connectTimeout: 2000,
    maxRetriesPerRequest: 1,
    retryStrategy: () => null,
  });
  client.on("error", () => undefined);
  try {
    await client.connect();
    await client.ping();
    return { state: "ok" };
  } catch (error) {
    // A reply error (NOAUTH, WRONGPASS…) comes from a running server.
    return { state: error instanceof ReplyError ? "refused" : "down", message: errorMessage(error) };
  } finally {
    client.disconnect();
  }
}

export async function ensureRedis(redisUrl: string): Promise<void> {
  const url = new URL(redisUrl);
  const port = url.port || "6379";
  const where = `${url.hostname || "localhost"}:${port}`;

  const first = await probeRedis(redisUrl);
  if (first.state === "ok") return;
  if (first.state === "refused") {
    throw new Error(`Redis at ${where} answered but refused us: ${first.message}. Fix the credentials in REDIS_URL.`);
  }
  const startCommand = `redis-server --daemonize yes --bind 127.0.0.1 --port ${port} --save "" --appendonly no`;
  if (!isLocalHost(url.hostname) || !canManageServices()) {
    throw new Error(
      `Redis is not reachable at ${where} (${first.message}). ` +
        (isLocalHost(url.hostname)
          ? `Install and start it: on Debian/Ubuntu, as root, "apt-get install -y redis-server && ${startCommand}"; or `
          : `Start it there, or `) +
        `set REDIS_URL to a reachable server.`,
    );
  }

  if (!commandPath("redis-server")) {
    aptInstall("redis-server");
    // The package may have started its own service on the default port.
    if ((await probeRedis(redisUrl)).state === "ok") return;
  }
  log(`starting Redis on port ${port}…`);
  // Persistence off: this is a local queue/rate-limit store for development and tests.
  const status = run("redis-server", ["--daemonize", "yes", "--bind", "127.0.0.1", "--port", port, "--save", "", "--appendonly", "no"]);
  if (status !== 0) throw new Error(`"${startCommand}" failed (exit ${status})`);
  if (!(await waitUntil(async () => (await probeRedis(redisUrl)).state === "ok", 15_000))) {
    throw new Error(`started "${startCommand}" but Redis does not answer at ${where}: is the port taken by something else?`);
  }
  log(`Redis is up at ${where}`);
}

// ------------------------------------------------------------------ Chromium

/**
 * The browser the end-to-end tests drive. Debian's chromium-headless-shell
 * first: it is the headless-only build that Playwright itself runs for
 * headless tests, and on two cores it took about 40 % less CPU than the full
 * browser for the same journeys (see playwright.config.ts). The full browser
 * (/usr/bin/chromium) still does where the shell cannot be had.
 */
export async function ensureChromium(): Promise<string> {
  const configured = process.env.CHROMIUM_PATH;
  if (configured) {
    if (!existsSync(configured)) throw new Error(`CHROMIUM_PATH is set to ${configured}, which does not exist`);
    return configured;
  }
  if (existsSync(HEADLESS_SHELL_PATH)) return HEADLESS_SHELL_PATH;

  const instruction =
    `Install Chromium: on Debian, as root, "apt-get install -y chromium-headless-shell" (or "chromium"); elsewhere ` +
    `(e.g. Ubuntu, where it is a snap) install Chrome or Chromium and set CHROMIUM_PATH to its binary.`;
  if (canManageServices()) {
    try {
      aptInstall("chromium-headless-shell");
      if (existsSync(HEADLESS_SHELL_PATH)) return HEADLESS_SHELL_PATH;
    } catch (error) {
      if (!existsSync(CHROMIUM_DEFAULT_PATH)) throw new Error(`${errorMessage(error)}. ${instruction}`);
      log(`${errorMessage(error)}; using ${CHROMIUM_DEFAULT_PATH}`);
    }
  }
  if (existsSync(CHROMIUM_DEFAULT_PATH)) return CHROMIUM_DEFAULT_PATH;
  throw new Error(`Chromium not found at ${HEADLESS_SHELL_PATH} or ${CHROMIUM_DEFAULT_PATH}. ${instruction}`);
}

// ------------------------------------------------ scale-out test servers

/**
 * The path of `command`, installing Debian's `pkg` first when it is missing
 * and we may (root on Debian): the servers `npm run test:scale` starts
 * (pgbouncer). Otherwise fails naming the package to install.
 */
export function ensureCommand(command: string, pkg: string): string {
  const found = commandPath(command);
  if (found) return found;
  const instruction = `Install it: on Debian or Ubuntu, as root, "apt-get install -y ${pkg}".`;
  if (!canManageServices()) throw new Error(`${command} not found. ${instruction}`);
  aptInstall(pkg);
  const installed = commandPath(command);
  if (!installed) throw new Error(`apt-get installed ${pkg} but ${command} is still missing. ${instruction}`);
  return installed;
}

/** xmllint (libxml2-utils): the bank-file tests check every pain.001 Sluice writes against the ISO 20022 schema (tests/fixtures/iso20022/). */
export function ensureXmllint(): string {
  return ensureCommand("xmllint", "libxml2-utils");
}

// ----------------------------------------------------------------------- CLI

const SERVICES = ["postgres", "redis", "chromium", "xmllint"] as const;
type Service = (typeof SERVICES)[number];

function isService(name: string): name is Service {
  return (SERVICES as readonly string[]).includes(name);
}

async function main(args: string[]): Promise<void> {
  const requested = args.length === 0 || args.includes("all") ? [...SERVICES] : args;
  const unknown = requested.filter((name) => !isService(name));
  if (unknown.length > 0) {
    throw new Error(`unknown service(s): ${unknown.join(", ")}. Usage: npx tsx scripts/services.ts [postgres|redis|chromium|xmllint|all]...`);
  }
  const names = requested.filter(isService);
  const databaseUrl = process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL;
  const redisUrl = process.env.REDIS_URL ?? DEFAULT_REDIS_URL;
  for (const name of names) {
    if (name === "postgres") {
      await ensurePostgres(databaseUrl);
      await ensureDatabase(databaseUrl);
    } else if (name === "redis") {
      await ensureRedis(redisUrl);
    } else if (name === "xmllint") {
      process.stdout.write(`${ensureXmllint()}\n`);
    } else {
      process.stdout.write(`${await ensureChromium()}\n`);
    }
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    log(`error: ${errorMessage(error)}`);
    process.exit(1);
  });
}
