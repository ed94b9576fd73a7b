// Redaction of what we keep about requests (SPEC §12, §13): card numbers,
// CVCs, API keys, webhook signing keys and passwords never reach a stored
// request log or a log line. Two nets, because a merchant may put a card
// number anywhere: sensitive field names lose their value whatever it looks
// like, and any value that looks like a secret is masked whatever its field.
import { maskLongDigitRuns } from "./card-numbers";

export const REDACTED = "[REDACTED]";

/** Field names compared lower-case with separators removed: `card_number`, `cardNumber` and `Card-Number` all match. */
const SENSITIVE_FIELDS = new Set(["cvv", "cvv2", "cvc", "cvc2", "csc", "securitycode", "cardnumber", "pan", "pin", "apikey", "privatekey", "passwd"]);

function isSensitiveField(name: string): boolean {
  const n = name.toLowerCase().replace(/[^a-z0-9]/g, "");
  return SENSITIVE_FIELDS.has(n) || n.includes("password") || n.includes("secret");
}

const SECRET_TOKENS = /\b(?:sk_(?:test|live)|whsec)_[0-9A-Za-z]+/g;

/**
 * Masks Sluice secrets and every run of 13 or more digits inside free text,
 * whatever separates the digits ("4917  3312  5520  0159", "4917.3312…"):
 * a card number, or one inside a longer run, never reaches a log. No Luhn
 * check here: masking a long number that is not a card costs nothing.
 */
export function redactText(text: string): string {
  return maskLongDigitRuns(text.replace(SECRET_TOKENS, REDACTED), REDACTED);
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
  // Keys are the merchant's text too (a card number can be a metadata key): masked at every depth.
  for (const [k, v] of Object.entries(value)) out[redactText(k)] = isSensitiveField(k) ? REDACTED : redactValue(v, depth + 1);
  return out;
}

/**
 * The request fields the request log keeps (SPEC §20): an allowlist, because a
 * denylist of names always misses one (`cardCvv`, `security_code_cvv`). Known
 * fields keep their value, redacted; `paymentMethodInput` keeps only its name;
 * anything else — which the API refuses anyway (unknown fields are an error) —
 * is not stored at all, not even its name, only counted: a refused request's
 * body may hold anything, in its values and in its names.
 */
const LOGGED_FIELDS = new Set([
  "amount", "currency", "paymentMethod", "merchantId", "orderId", "buyerId", "successUrl", "failureUrl", "returnUrl", "callbackUrl",
  "locale", "description", "metadata", "customer", "outcome", "declineCode", "refundId", "url", "level",
  "events", "enabled", "since", "until", "destination", "status", "dryRun", "expireCurrentInHours",
]);
const NAME_ONLY_FIELDS = new Set(["paymentMethodInput"]);
const LOGGED_CUSTOMER_FIELDS = new Set(["email", "firstName", "lastName", "phone", "address", "address2", "city", "country", "state", "zip", "ip", "userAgent", "dob"]);
export const OMITTED = "[not stored]";
/** Where a stored body says how many of its fields were left out. */
export const OTHER_FIELDS = "[other fields not stored]";

/** The allowlisted fields of an object, redacted, and the count of the others. */
function keepKnown(value: Record<string, unknown>, known: Set<string>, nameOnly: Set<string>, depth: number): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  let others = 0;
  for (const [k, v] of Object.entries(value)) {
    if (known.has(k)) kept[k] = k === "customer" ? customerForLog(v) : redactValue(v, depth);
    else if (nameOnly.has(k)) kept[k] = OMITTED;
    else others++;
  }
  if (others > 0) kept[OTHER_FIELDS] = others;
  return kept;
}

function customerForLog(value: unknown): unknown {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return OMITTED;
  return keepKnown(value as Record<string, unknown>, LOGGED_CUSTOMER_FIELDS, new Set(), 2);
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
  const out = JSON.stringify(keepKnown(parsed as Record<string, unknown>, LOGGED_FIELDS, NAME_ONLY_FIELDS, 1));
  return out.length > maxChars ? `${out.slice(0, maxChars)}…[truncated]` : out;
}
