// Verifying a webhook (SPEC §19): `Sluice.webhooks.constructEvent(rawBody,
// headers, secret)`. The Standard Webhooks headers are preferred: they sign
// the id and a timestamp with the body, so a captured request cannot be
// replayed once the tolerance has passed. When only the seed's
// `X-Sluice-Signature: sha256=…` is present it is checked instead, with a
// warning: that signature covers the body alone and cannot be replay-protected.
import { createHmac, timingSafeEqual } from "node:crypto";
import { SignatureVerificationError } from "./errors.js";

export interface ConstructEventOptions {
  /** How old (or how far in the future) `webhook-timestamp` may be. Default 300 s. */
  toleranceSec?: number;
  /** The seed's signature header name. Default X-Sluice-Signature. */
  signatureHeader?: string;
  /** Called with the warning when only the sha256= header could be checked. Default: console.warn. */
  onWarning?: (message: string) => void;
}

type HeaderBag = Headers | Record<string, string | string[] | undefined>;

function header(headers: HeaderBag, name: string): string | undefined {
  if (typeof (headers as Headers).get === "function") return (headers as Headers).get(name) ?? undefined;
  const bag = headers as Record<string, string | string[] | undefined>;
  const key = Object.keys(bag).find((k) => k.toLowerCase() === name.toLowerCase());
  const v = key ? bag[key] : undefined;
  return Array.isArray(v) ? v[0] : v;
}

const equal = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** The secret bytes of the Standard Webhooks scheme: base64 of what follows `whsec_`. */
const standardKey = (secret: string) => Buffer.from(secret.startsWith("whsec_") ? secret.slice(6) : secret, "base64");

export function constructEvent<E>(rawBody: string | Buffer, headers: HeaderBag, secret: string, options: ConstructEventOptions = {}): E {
  const body = typeof rawBody === "string" ? rawBody : rawBody.toString("utf8");
  const id = header(headers, "webhook-id");
  const timestamp = header(headers, "webhook-timestamp");
  const signatures = header(headers, "webhook-signature");
  if (id && timestamp && signatures) {
    const seconds = Number(timestamp);
    if (!Number.isInteger(seconds)) throw new SignatureVerificationError("webhook-timestamp is not a number of seconds");
    const tolerance = options.toleranceSec ?? 300;
    if (Math.abs(Date.now() / 1000 - seconds) > tolerance) throw new SignatureVerificationError(`webhook-timestamp is more than ${tolerance} s away from now: a stale or replayed webhook`);
    const expected = "v1," + createHmac("sha256", standardKey(secret)).update(`${id}.${timestamp}.${body}`).digest("base64");
    if (!signatures.split(" ").some((s) => equal(s, expected))) throw new SignatureVerificationError("No webhook-signature matches this secret and body");
    return parse<E>(body);
  }
  const seed = header(headers, options.signatureHeader ?? "x-sluice-signature");
  if (!seed) throw new SignatureVerificationError("No signature headers: expected webhook-id, webhook-timestamp and webhook-signature");
  const expected = "sha256=" + createHmac("sha256", secret).update(body).digest("hex");
  if (!equal(seed, expected)) throw new SignatureVerificationError("The sha256= signature does not match this secret and body");
  (options.onWarning ?? console.warn)("Verified with the sha256= header only: it signs the body but no timestamp, so it cannot be protected against replay. Forward the webhook-* headers too.");
  return parse<E>(body);
}

function parse<E>(body: string): E {
  try {
    return JSON.parse(body) as E;
  } catch {
    throw new SignatureVerificationError("The body is not JSON");
  }
}
