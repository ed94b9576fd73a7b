// Body parsing for the API: JSON content type required (415), at most 64 KiB
// (413), malformed JSON → 400, then the endpoint's zod schema. The first zod
// issue becomes the message, naming the field ("amount must be an integer >= 1").
import type { z } from "zod";
import { AppError } from "@/lib/errors";
import { MAX_BODY_BYTES } from "./json";
import { formatZodIssue } from "./zod-message";

export async function parseJsonBody<T extends z.ZodType>(req: Request, schema: T): Promise<z.infer<T>> {
  const type = req.headers.get("content-type") ?? "";
  if (!/^application\/json\s*(;|$)/i.test(type)) {
    throw new AppError("unsupported_media_type", "Content-Type must be application/json");
  }
  const declared = Number(req.headers.get("content-length") ?? "0");
  if (declared > MAX_BODY_BYTES) throw new AppError("payload_too_large", `Request body must not exceed ${MAX_BODY_BYTES} bytes`);
  const text = await readLimited(req);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new AppError("invalid_request", "Request body is not valid JSON");
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new AppError("invalid_request", formatZodIssue(issue), { param: issue.path.join(".") || undefined });
  }
  return parsed.data;
}

/** Reads the body without trusting Content-Length: a chunked upload is cut off at the limit too. */
async function readLimited(req: Request): Promise<string> {
  if (!req.body) return "";
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel();
      throw new AppError("payload_too_large", `Request body must not exceed ${MAX_BODY_BYTES} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}
