// Field rules shared by the Merchant API's request schemas. Each builder
// takes the field's full name so every message names it ("amount must be an
// integer >= 1", "customer.email must be an e-mail address"), and every text
// field is bounded and free of control characters: PostgreSQL refuses NUL
// bytes, and unbounded strings are how malformed input turns into 500s.
// The limits are published in the OpenAPI document (maxLength) and README.
import { z } from "@/lib/schema/zod";
import { isCurrency } from "@/lib/schema/currencies";
import { containsCardNumber } from "@/lib/card-numbers";

/** The seed fixes the minimum; the maximum (10^11 minor units) keeps every amount exact in JSON numbers and sums in BigInt. */
const MAX_AMOUNT = 100_000_000_000;

export const LIMITS = {
  orderId: 128,
  buyerId: 128,
  merchantId: 64,
  paymentMethod: 64,
  url: 2048,
  locale: 35,
  name: 100,
  email: 254,
  phone: 32,
  address: 200,
  zip: 20,
  userAgent: 512,
  /** metadata: serialized JSON size in bytes and nesting depth. */
  metadataBytes: 8192,
  metadataDepth: 5,
} as const;

// Tab, newline and other C0 controls plus DEL: never part of an identifier, a name or a URL.
const CONTROL = /[\u0000-\u001f\u007f]/;
// Half of a UTF-16 surrogate pair: JSON allows "\ud800", but it is not text,
// and storing it would silently turn it into U+FFFD.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** A required single-line string of 1..max characters. */
export function text(field: string, max: number) {
  return z
    .string({ error: (iss) => (iss.input === undefined ? `${field} is required` : `${field} must be a string`) })
    .min(1, { error: `${field} must not be empty` })
    .max(max, { error: `${field} must be at most ${max} characters` })
    .refine((v) => v.trim().length > 0, { error: `${field} must not be blank` })
    .refine((v) => !CONTROL.test(v), { error: `${field} must not contain control characters` })
    .refine((v) => !LONE_SURROGATE.test(v), { error: `${field} must be valid Unicode text` });
}

export function amount(field = "amount") {
  const message = `${field} must be an integer >= 1`;
  return z
    .number({ error: (iss) => (iss.input === undefined ? `${field} is required` : message) })
    .int({ error: message })
    .min(1, { error: message })
    .max(MAX_AMOUNT, { error: `${field} must be at most ${MAX_AMOUNT}` })
    .meta({ description: "Amount in minor units (cents)", example: 1050 });
}

/** Pattern alone is not enough (SPEC §6): `ABC` matches it and is refused. */
export function currency(field = "currency") {
  return z
    .string({ error: (iss) => (iss.input === undefined ? `${field} is required` : `${field} must be a string`) })
    .regex(/^[A-Z]{3}$/, { error: `${field} must be three uppercase letters (ISO 4217), e.g. USD` })
    .refine(isCurrency, { error: `${field} is not an ISO 4217 currency code` })
    .meta({ description: "ISO 4217 currency code", example: "USD" });
}

function isHttpUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return (u.protocol === "http:" || u.protocol === "https:") && u.hostname.length > 0;
  } catch {
    return false;
  }
}

/** An absolute http(s) URL (redirect targets; callbackUrl gets the SSRF check on top, at creation). */
export function httpUrl(field: string) {
  return text(field, LIMITS.url)
    .refine(isHttpUrl, { error: `${field} must be an absolute http(s) URL` })
    .meta({ format: "uri" });
}

/** BCP 47 language tag, checked by the platform's own parser. */
export function locale(field = "locale") {
  return text(field, LIMITS.locale)
    .refine(
      (v) => {
        try {
          return Intl.getCanonicalLocales(v).length === 1;
        } catch {
          return false;
        }
      },
      { error: `${field} must be a BCP 47 language tag such as en or de-DE` },
    )
    .meta({ example: "en-US" });
}

function depth(value: unknown): number {
  if (value === null || typeof value !== "object") return 0;
  const children = Array.isArray(value) ? value : Object.values(value);
  return 1 + children.reduce<number>((max, child) => Math.max(max, depth(child)), 0);
}

function hasNul(value: unknown): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (value === null || typeof value !== "object") return false;
  if (Array.isArray(value)) return value.some(hasNul);
  return Object.entries(value).some(([k, v]) => k.includes("\u0000") || hasNul(v));
}

/**
 * True when a value anywhere inside — a string, a key, or a JSON number —
 * holds a card number however it is written (lib/schema/card.ts).
 */
function holdsCardNumber(value: unknown, seen = 0): boolean {
  if (seen > 64) return false;
  if (typeof value === "number") return Number.isInteger(value) && containsCardNumber(BigInt(value).toString());
  if (typeof value === "string") return containsCardNumber(value);
  if (value === null || typeof value !== "object") return false;
  const children = Array.isArray(value) ? value : [...Object.keys(value), ...Object.values(value)];
  return children.some((child) => holdsCardNumber(child, seen + 1));
}

/**
 * Free-form merchant data, stored as JSON and returned as given. Bounded in
 * size and depth so it cannot grow rows without limit, free of NUL
 * characters, which PostgreSQL's jsonb cannot store, and free of card
 * numbers (SPEC §20): card data lives at the provider, never in our rows.
 */
export function metadata(field = "metadata") {
  return z
    .record(z.string(), z.unknown(), { error: `${field} must be an object` })
    .refine((v) => Buffer.byteLength(JSON.stringify(v)) <= LIMITS.metadataBytes, { error: `${field} must be at most ${LIMITS.metadataBytes} bytes of JSON` })
    .refine((v) => depth(v) <= LIMITS.metadataDepth, { error: `${field} must be nested at most ${LIMITS.metadataDepth} levels deep` })
    .refine((v) => !hasNul(v), { error: `${field} must not contain NUL characters` })
    .refine((v) => !holdsCardNumber(v), { error: `${field} must not contain card numbers` })
    .meta({ description: "Free-form object, returned as given", example: { plan: "monthly", subscriptionId: "sub_42" } });
}
