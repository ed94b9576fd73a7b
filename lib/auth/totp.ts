// TOTP (RFC 6238) through otplib: 6 digits, 30-second steps, SHA-1 — what
// every authenticator app understands. Secrets are encrypted at rest
// (lib/crypto.ts) because verifying a code needs the clear secret.
import { once } from "node:events";
import { setTimeout as sleep } from "node:timers/promises";
import { generateSecret, generateURI, verify } from "otplib";
import { logger } from "@/lib/log";
import { redis, rkey } from "@/lib/redis";

const ISSUER = "Sluice";
/** One step either side absorbs clock drift between the phone and the server. */
const TOLERANCE_SECONDS = 30;

export function newTotpSecret(): string {
  return generateSecret();
}

/** The otpauth:// URI an authenticator app reads from the enrolment QR code. */
export function totpUri({ email, secret }: { email: string; secret: string }): string {
  return generateURI({ issuer: ISSUER, label: email, secret });
}

export function normaliseTotpCode(code: string | null | undefined): string {
  return (code ?? "").replace(/[\s-]/g, "");
}

/**
 * True when `code` is valid now and has not been used before. A code seen
 * once is remembered in Redis until it can no longer be valid, so a code read
 * over someone's shoulder cannot be replayed. If Redis is unreachable the
 * replay check is skipped (and logged) rather than locking everyone out.
 */
export async function checkTotpCode({ userId, secret, code }: { userId: string; secret: string; code: string | null | undefined }): Promise<boolean> {
  const token = normaliseTotpCode(code);
  if (!/^\d{6}$/.test(token)) return false;
  const result = await verify({ secret, token, epochTolerance: TOLERANCE_SECONDS });
  if (!result.valid || !("timeStep" in result)) return false;
  try {
    const client = redis();
    // The shared client fails fast instead of queueing; give a cold one a moment to connect.
    if (client.status !== "ready") await Promise.race([once(client, "ready"), sleep(1_000)]);
    const fresh = await client.set(rkey("totp-used", userId, String(result.timeStep)), "1", "EX", 3 * TOLERANCE_SECONDS, "NX");
    return fresh === "OK";
  } catch (err) {
    logger.warn({ err: (err as Error).message }, "TOTP replay check skipped: Redis unavailable");
    return true;
  }
}
