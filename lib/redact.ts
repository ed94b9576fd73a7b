// Redaction of what we keep about requests (SPEC §12, §13): card numbers,
// CVCs, API keys, webhook signing keys and passwords never reach a stored
// request log or a log line. Two nets, because a merchant may put a card
// number anywhere: sensitive field names lose their value whatever it looks
// like, and any value that looks like a secret is masked whatever its field.
export const REDACTED = "[REDACTED]";

/** Field names compared lower-case with separators removed: `card_number`, `cardNumber` and `Card-Number` all match. */
const SENSITIVE_FIELDS = new Set(["cvv", "cvv2", "cvc", "cvc2", "csc", "securitycode", "cardnumber", "pan", "pin", "apikey", "privatekey", "passwd"]);

function isSensitiveField(name: string): boolean {
  const n = name.toLowerCase().replace(/[^a-z0-9]/g, "");
  return SENSITIVE_FIELDS.has(n) || n.includes("password") || n.includes("secret");
}

// 13–19 digits, optionally grouped by single spaces or dashes (a PAN as people type it).
const CARD_NUMBER = /(?<!\d)\d(?:[ -]?\d){12,18}(?!\d)/g;
const SECRET_TOKENS = /\b(?:sk_(?:test|live)|whsec)_[0-9A-Za-z]+/g;

/** Masks card numbers and Sluice secrets inside free text. */
export function redactText(text: string): string {
  return text.replace(SECRET_TOKENS, REDACTED).replace(CARD_NUMBER, REDACTED);
}

const MAX_WALK_DEPTH = 64;

function redactValue(value: unknown, depth: number): unknown {
  if (typeof value === "string") return redactText(value);
  // An integer of 13 or more digits may be a card number sent as a JSON number.
  if (typeof value === "number") return Number.isInteger(value) && Math.abs(value) >= 1e12 ? REDACTED : value;
  if (value === null || typeof value !== "object") return value;
  if (depth > MAX_WALK_DEPTH) return REDACTED;
  if (Array.isArray(value)) return value.map((v) => redactValue(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = isSensitiveField(k) ? REDACTED : redactValue(v, depth + 1);
  return out;
}

/**
 * The request fields the request log keeps (SPEC §20): an allowlist, because a
 * denylist of names always misses one (`cardCvv`, `security_code_cvv`). Every
 * other field keeps only its (redacted) name; `paymentMethodInput` never has a
 * value stored, and customer objects keep only their known fields.
 */
const LOGGED_FIELDS = new Set([
  "amount", "currency", "paymentMethod", "merchantId", "orderId", "buyerId", "successUrl", "failureUrl", "returnUrl", "callbackUrl",
  "locale", "description", "metadata", "customer", "outcome", "declineCode", "refundId", "url", "level",
]);
const LOGGED_CUSTOMER_FIELDS = new Set(["email", "firstName", "lastName", "phone", "address", "address2", "city", "country", "state", "zip", "ip", "userAgent", "dob"]);
export const OMITTED = "[not stored]";

function keepKnown(value: unknown, known: Set<string>): unknown {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return OMITTED;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [redactText(k), known.has(k) ? redactValue(v, 1) : OMITTED]));
}

/**
 * A request body as the request log stores it: the allowlisted fields of a
 * JSON object, their values redacted, cut to `maxChars` (after redacting, so a
 * cut can never expose a secret's tail). Anything that is not a JSON object is
 * not stored at all, only described.
 */
export function requestBodyForLog(text: string, maxChars = 4096): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return `[not stored: ${Buffer.byteLength(text)} bytes that are not JSON]`;
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) return `[not stored: JSON ${Array.isArray(parsed) ? "array" : parsed === null ? "null" : typeof parsed}, not an object]`;
  const kept: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(parsed)) {
    kept[redactText(k)] = !LOGGED_FIELDS.has(k) ? OMITTED : k === "customer" ? keepKnown(v, LOGGED_CUSTOMER_FIELDS) : redactValue(v, 1);
  }
  const out = JSON.stringify(kept);
  return out.length > maxChars ? `${out.slice(0, maxChars)}…[truncated]` : out;
}
