// JSON bodies: the exact text is produced once so idempotent replays can
// return the stored bytes unchanged.
export function jsonText(body: unknown): string {
  return JSON.stringify(body, (_k, v) => (typeof v === "bigint" ? Number(v) : v));
}

export function jsonResponse(status: number, body: unknown, headers: HeadersInit = {}): Response {
  return new Response(jsonText(body), { status, headers: { "content-type": "application/json; charset=utf-8", ...headers } });
}

export const MAX_BODY_BYTES = 64 * 1024;
