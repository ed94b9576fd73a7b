// Webhook signatures (SPEC §9). Two schemes over the same stored bytes:
//
// 1. The seed's `X-Sluice-Signature: sha256=<hex>`: HMAC-SHA256 of the raw
//    body, keyed with the signing key exactly as the merchant sees it — the
//    whole string `whsec_…`, prefix included, as UTF-8 bytes. That is what
//    `createHmac("sha256", signingKey)` does with the key pasted in as is.
// 2. Standard Webhooks (`webhook-id`, `webhook-timestamp`,
//    `webhook-signature: v1,<base64>`): HMAC-SHA256 of "{id}.{timestamp}.{body}".
//    The standard defines a `whsec_` key as "whsec_" + base64(secret bytes),
//    and every Standard Webhooks library decodes it that way. Our key's 32
//    base62 characters are all base64 characters (32 is a multiple of 4), so
//    the HMAC key here is base64-decode(key without "whsec_"), 24 bytes — and
//    any Standard Webhooks library verifies our signature with the key as
//    shown, unchanged.
import { createHmac } from "node:crypto";
import type { SigningSecrets } from "./signing-keys";

const KEY_PREFIX = "whsec_";

/** `sha256=<hex>` over the raw body, keyed with the full key text. */
function bodySignature(body: string, signingKey: string): string {
  return "sha256=" + createHmac("sha256", signingKey).update(body, "utf8").digest("hex");
}

/** The HMAC key bytes of the Standard Webhooks scheme for a `whsec_` key. */
function standardWebhooksKey(signingKey: string): Buffer {
  const encoded = signingKey.startsWith(KEY_PREFIX) ? signingKey.slice(KEY_PREFIX.length) : signingKey;
  return Buffer.from(encoded, "base64");
}

/** `v1,<base64>` over "{id}.{timestamp}.{body}". */
function standardWebhooksSignature({ id, timestamp, body, signingKey }: { id: string; timestamp: number; body: string; signingKey: string }): string {
  return "v1," + createHmac("sha256", standardWebhooksKey(signingKey)).update(`${id}.${timestamp}.${body}`, "utf8").digest("base64");
}

export interface SignedHeadersInput {
  eventId: string;
  eventType: string;
  body: string;
  attempt: number;
  secrets: SigningSecrets;
  signatureHeader: string;
  /** Seconds since the epoch at this attempt. */
  timestamp: number;
}

/**
 * Every header of one delivery attempt. During a key rotation's grace period
 * the Standard Webhooks header carries a signature per key (space-separated,
 * as the standard allows), so a receiver still holding the old key keeps
 * verifying. The seed's header has room for one value: it uses the new key.
 */
export function signedHeaders(input: SignedHeadersInput): Record<string, string> {
  const { eventId, body, timestamp, secrets } = input;
  const keys = [secrets.current, ...(secrets.previous ? [secrets.previous] : [])];
  return {
    "content-type": "application/json",
    "user-agent": "Sluice-Webhooks/1",
    [input.signatureHeader.toLowerCase()]: bodySignature(body, secrets.current),
    "x-sluice-event": input.eventType,
    "x-sluice-event-id": eventId,
    "x-sluice-attempt": String(input.attempt),
    "webhook-id": eventId,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": keys.map((signingKey) => standardWebhooksSignature({ id: eventId, timestamp, body, signingKey })).join(" "),
  };
}
