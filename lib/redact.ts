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

// Pattern for `"field": value` in text that is not valid JSON, so a malformed body is masked too.
const FIELD_VALUE = /("((?:[^"\\]|\\.)*)"\s*:\s*)("(?:[^"\\]|\\.)*"|[^,}\]\s]+)/g;

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

/** Redacts a JSON value (any depth is safe). */
export function redactJson(value: unknown): unknown {
  return redactValue(value, 0);
}

/**
 * A request body as stored in the request log: redacted, then cut to
 * `maxChars` (cutting after redaction can never expose a secret's tail).
 */
export function redactBodyForLog(text: string, maxChars = 4096): string {
  let redacted: string;
  try {
    redacted = JSON.stringify(redactJson(JSON.parse(text)));
  } catch {
    redacted = redactText(text.replace(FIELD_VALUE, (match, head: string, name: string) => (isSensitiveField(name) ? `${head}"${REDACTED}"` : match)));
  }
  return redacted.length > maxChars ? `${redacted.slice(0, maxChars)}…[truncated]` : redacted;
}
