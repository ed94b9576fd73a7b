// What makes two requests "the same" for an Idempotency-Key (SPEC §10):
// method, path and body, the body in canonical form so that key order and
// whitespace do not matter ({"a":1,"b":2} equals { "b": 2, "a": 1 }).
import { sha256Hex } from "@/lib/crypto";

/** JSON with object keys sorted at every level; bodies reach here depth-checked (lib/http/parse-body.ts). */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`);
    return `{${entries.join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

export function requestFingerprint({ method, path, body }: { method: string; path: string; body: unknown }): string {
  return sha256Hex(`${method.toUpperCase()}\n${path}\n${body === undefined ? "" : canonicalJson(body)}`);
}
