import { randomBase62 } from "@/lib/ids";
import type { Environment } from "@/lib/generated/prisma/enums";

const KEY_PREFIX: Record<Environment, string> = { sandbox: "sk_test_", production: "sk_live_" };

/** `sk_test_` / `sk_live_` + 40 random base62 characters (SPEC §2 asks ≥ 32). */
export function generateApiKey(environment: Environment): string {
  return KEY_PREFIX[environment] + randomBase62(40);
}

/** The environment a key's prefix names, or null for anything that is not a key. */
export function environmentOfKey(key: string): Environment | null {
  if (!/^sk_(test|live)_[0-9A-Za-z]{32,200}$/.test(key)) return null;
  return key.startsWith("sk_test_") ? "sandbox" : "production";
}
