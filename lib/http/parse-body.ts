// Body parsing for the API (SPEC §5): JSON content type required (415), at
// most 64 KiB however it is sent (413), UTF-8 and well-formed JSON (400), then
// the endpoint's zod schema. The first zod issue becomes the message, naming
// the field ("amount must be an integer >= 1"). Hostile input — deep nesting,
// invalid UTF-8, a body that never ends — answers 4xx, never 500.
import type { z } from "zod";
import { AppError } from "@/lib/errors";
import { MAX_BODY_BYTES } from "./json";
import { formatZodIssue } from "@/lib/schema/zod-message";

/**
 * Deeper bodies are refused before JSON.parse: no request needs them, and the
 * code that walks a body (canonical JSON, redaction, zod) recurses.
 */
const MAX_JSON_DEPTH = 32;

const tooLarge = (max: number) => new AppError("payload_too_large", `Request body must not exceed ${max} bytes`);

/**
 * Checks the content type and reads the body as text, without trusting Content-Length.
 * `maxBytes`: the API's 64 KiB unless a route receives larger documents (a provider's events).
 */
export async function readBodyText(req: Request, { maxBytes = MAX_BODY_BYTES }: { maxBytes?: number } = {}): Promise<string> {
  const type = req.headers.get("content-type") ?? "";
  if (!/^application\/json\s*(;|$)/i.test(type)) {
    throw new AppError("unsupported_media_type", "Content-Type must be application/json");
  }
  // Bodies are UTF-8 (SPEC §20): decoding another declared charset as UTF-8 would misread it.
  const charset = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(type)?.[1];
  if (charset && !/^utf-?8$/i.test(charset)) {
    throw new AppError("unsupported_media_type", "Content-Type must be application/json with charset utf-8");
  }
  const declared = Number(req.headers.get("content-length") ?? "0");
  if (declared > maxBytes) throw tooLarge(maxBytes);
  const bytes = await readLimited(req, maxBytes);
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new AppError("invalid_request", "Request body is not valid UTF-8");
  }
}

/**
 * An endpoint that takes no body (resend, delete, …) ignores whatever is sent,
 * but reads it within the same limit: nobody may stream megabytes at a POST
 * because its endpoint happens to need no input (SPEC §5: over 64 KiB → 413).
 */
export async function discardBody(req: Request): Promise<void> {
  if (Number(req.headers.get("content-length") ?? "0") > MAX_BODY_BYTES) throw tooLarge(MAX_BODY_BYTES);
  await readLimited(req, MAX_BODY_BYTES);
}

/** Parses JSON text and validates it; `json` is the value as sent (for fingerprints), `data` what the schema made of it. */
export function parseJsonText<T extends z.ZodType>(text: string, schema: T): { json: unknown; data: z.infer<T> } {
  if (nestingExceeds(text, MAX_JSON_DEPTH)) {
    throw new AppError("invalid_request", `Request body must not nest deeper than ${MAX_JSON_DEPTH} levels`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new AppError("invalid_request", "Request body is not valid JSON");
  }
  // reportInput: lets the message tell a missing field from a wrong type (lib/schema/zod-message.ts).
  const parsed = schema.safeParse(json, { reportInput: true });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new AppError("invalid_request", formatZodIssue(issue), { param: issue.path.join(".") || undefined });
  }
  return { json, data: parsed.data };
}

/** Reads at most `maxBytes`: a chunked upload (no Content-Length) is cut off at the limit too. */
async function readLimited(req: Request, maxBytes: number): Promise<Uint8Array> {
  if (!req.body) return new Uint8Array();
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw tooLarge(maxBytes);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** Bracket depth outside string literals; malformed text is left for JSON.parse to reject. */
function nestingExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > limit) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}
