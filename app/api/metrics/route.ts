// Prometheus metrics (SPEC §14), behind a bearer token. Without METRICS_TOKEN
// the endpoint does not exist (404): metrics reveal volumes and must never be
// public by accident.
import { safeEqual } from "@/lib/crypto";
import { env } from "@/lib/env";
import { AppError, errorBody } from "@/lib/errors";
import { jsonResponse } from "@/lib/http/json";
import { renderMetrics } from "@/lib/monitoring/render-metrics";

export const dynamic = "force-dynamic";

function refuse(error: AppError, headers: Record<string, string> = {}): Response {
  const { status, body } = errorBody(error, "guide");
  return jsonResponse(status, body, { "cache-control": "no-store", ...headers });
}

export async function GET(req: Request): Promise<Response> {
  const token = env.METRICS_TOKEN;
  if (!token) return refuse(new AppError("not_found", "Metrics are disabled: METRICS_TOKEN is not set"));
  const given = /^Bearer\s+(\S+)$/i.exec(req.headers.get("authorization") ?? "")?.[1] ?? "";
  if (!safeEqual(given, token)) {
    return refuse(new AppError("authentication_required", "Send the metrics token as Authorization: Bearer <METRICS_TOKEN>"), { "www-authenticate": 'Bearer realm="metrics"' });
  }
  const { contentType, body } = await renderMetrics();
  return new Response(body, { headers: { "content-type": contentType, "cache-control": "no-store" } });
}
