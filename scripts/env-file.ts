// Writes .env from .env.example on first run, with fresh random secrets, so
// a newcomer's `npm start` needs no editing. An existing .env is never touched.
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";

export function ensureEnvFile(path = ".env"): boolean {
  if (existsSync(path)) return false;
  const secrets: Record<string, string> = {
    APP_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
    NEXTAUTH_SECRET: randomBytes(32).toString("base64url"),
  };
  const text = readFileSync(".env.example", "utf8").replace(/^(APP_ENCRYPTION_KEY|NEXTAUTH_SECRET)=$/gm, (_m, name: string) => `${name}=${secrets[name]}`);
  writeFileSync(path, text, { mode: 0o600 });
  process.stderr.write(`[setup] wrote ${path} with fresh secrets (edit it to configure Sluice)\n`);
  return true;
}
