// Receiver-side verification, for merchants running Node (docs: /docs/webhooks).
// Self-contained on purpose — only node:crypto — so it can be copied into a
// merchant's code base as is. Both checks compare in constant time.
import { createHmac, timingSafeEqual } from "node:crypto";

function equalConstantTime(a: string, b: string): boolean {
  const ab = Buffer.from(a, "utf8");
  const bb = Buffer.from(b, "utf8");
  // timingSafeEqual needs equal lengths; the length itself is not secret.
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}

/**
 * Checks the `X-Sluice-Signature: sha256=<hex>` header: HMAC-SHA256 of the raw
 * request body (the exact bytes received, before any JSON parsing), keyed with
 * the signing key exactly as shown in the back office (`whsec_…`).
 */
export function verifyWebhook(rawBody: string | Buffer, signatureHeader: string | null | undefined, signingKey: string): boolean {
  if (!signatureHeader || !signingKey) return false;
  const expected = "sha256=" + createHmac("sha256", signingKey).update(rawBody).digest("hex");
  return equalConstantTime(signatureHeader.trim().toLowerCase(), expected);
}

export interface StandardWebhookInput {
  rawBody: string | Buffer;
  /** The request headers; names are matched case-insensitively. */
  headers: Record<string, string | string[] | undefined> | Headers;
  signingKey: string;
  /** Maximum age (and future skew) of `webhook-timestamp`; the standard's 5 minutes by default. */
  toleranceSeconds?: number;
  now?: Date;
}

function header(headers: StandardWebhookInput["headers"], name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const key = Object.keys(headers).find((k) => k.toLowerCase() === name);
  const value = key === undefined ? undefined : headers[key];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Checks the Standard Webhooks headers (`webhook-id`, `webhook-timestamp`,
 * `webhook-signature`): the timestamp must be within the tolerance, and one
 * of the space-separated `v1,<base64>` signatures must match
 * HMAC-SHA256("{id}.{timestamp}.{body}") keyed with base64-decode(key without "whsec_").
 */
export function verifyStandardWebhook({ rawBody, headers, signingKey, toleranceSeconds = 300, now = new Date() }: StandardWebhookInput): boolean {
  const id = header(headers, "webhook-id");
  const timestamp = header(headers, "webhook-timestamp");
  const signatures = header(headers, "webhook-signature");
  if (!id || !timestamp || !signatures || !/^\d+$/.test(timestamp)) return false;
  if (Math.abs(Math.floor(now.getTime() / 1000) - Number(timestamp)) > toleranceSeconds) return false;
  const key = Buffer.from(signingKey.startsWith("whsec_") ? signingKey.slice(6) : signingKey, "base64");
  const expected = createHmac("sha256", key).update(`${id}.${timestamp}.`).update(rawBody).digest("base64");
  // Check every candidate, so the time taken does not reveal which one matched.
  let matched = false;
  for (const candidate of signatures.split(" ")) {
    const [version, signature] = candidate.split(",", 2);
    if (version === "v1" && signature !== undefined && equalConstantTime(signature, expected)) matched = true;
  }
  return matched;
}
