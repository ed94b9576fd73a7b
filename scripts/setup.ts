// `npm run setup`: everything Sluice needs before it can run — .env, the
// PostgreSQL and Redis services, the database, the Prisma client and the
// migrations. Idempotent: running it again changes nothing.
import { spawnSync } from "node:child_process";
import { pathToFileURL } from "node:url";
import { ensureEnvFile } from "./env-file";
import { ensureDatabase, ensurePostgres, ensureRedis } from "./services";

export function run(command: string, args: string[], extraEnv: Record<string, string> = {}): void {
  const r = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...extraEnv } });
  if (r.status !== 0) throw new Error(`${command} ${args.join(" ")} failed (exit ${r.status ?? r.signal})`);
}

export async function setup(): Promise<void> {
  ensureEnvFile();
  // Imported after .env exists, so the values in it are the ones validated.
  const { env } = await import("../lib/env");
  await ensurePostgres(env.DATABASE_URL);
  await ensureDatabase(env.DATABASE_URL);
  await ensureRedis(env.REDIS_URL);
  run("npm", ["run", "--silent", "db:generate"]);
  const { migrate } = await import("./db/migrate");
  const applied = await migrate(env.DATABASE_URL);
  process.stderr.write(`[setup] database ready (${applied.length} migration(s) applied)\n`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  await setup().catch((err: Error) => {
    console.error(`[setup] ${err.message}`);
    process.exit(1);
  });
}
