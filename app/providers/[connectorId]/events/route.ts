// POST /providers/{connectorId}/events (SPEC §21): where a provider sends its
// events about a connector's payments — outside /v1, which is the merchants'
// API. Thin: read the body (at most 512 KiB), hand it to the domain, answer.
// 200 once stored (or already stored); 400 for a bad signature or a body that
// is not the provider's event; 404 for an unknown connector; 503 (the
// provider retries) only when the database is away. Never a 5xx for input.
import { errorBody, UNAVAILABLE_RETRY_AFTER_SECONDS } from "@/lib/errors";
import { checkHttps } from "@/lib/http/https";
import { jsonResponse } from "@/lib/http/json";
import { readBodyText } from "@/lib/http/parse-body";
import { logger } from "@/lib/log";
import { MAX_EVENT_BYTES, receiveProviderEvent } from "@/lib/provider-events/receive-provider-event";

export const dynamic = "force-dynamic";

type Params = { params: Promise<{ connectorId: string }> };

export async function POST(req: Request, { params }: Params): Promise<Response> {
  const { connectorId } = await params;
  try {
    // Like the API (SPEC §2): with REQUIRE_HTTPS, only over TLS (a provider always sends to an https URL).
    checkHttps(req);
    const body = await readBodyText(req, { maxBytes: MAX_EVENT_BYTES });
    return jsonResponse(200, await receiveProviderEvent({ connectorId, headers: req.headers, body }), { "cache-control": "no-store" });
  } catch (error) {
    const { status, body } = errorBody(error, "guide");
    if (status >= 500) logger.error({ connectorId, err: error }, "provider event not stored");
    return jsonResponse(status, body, { "cache-control": "no-store", ...(status === 503 ? { "retry-after": String(UNAVAILABLE_RETRY_AFTER_SECONDS) } : {}) });
  }
}

const onlyPost = () => jsonResponse(405, { error: { code: "method_not_allowed", message: "Provider events are POSTed" } }, { allow: "POST" });
export const GET = onlyPost;
export const PUT = onlyPost;
export const PATCH = onlyPost;
export const DELETE = onlyPost;
