import { isDraining } from "@/lib/http/graceful-shutdown";
import { checkReadiness } from "@/lib/monitoring/readiness";

export const dynamic = "force-dynamic";

export async function GET(): Promise<Response> {
  // A stopping node leaves the load balancer first (lib/http/graceful-shutdown.ts): not ready whatever its services say.
  if (isDraining()) return Response.json({ status: "unavailable", reason: "draining" }, { status: 503, headers: { "cache-control": "no-store" } });
  const r = await checkReadiness();
  const down = Object.entries(r.checks).filter(([, v]) => v === "down").map(([k]) => k);
  const body = r.ready ? { status: "ready", checks: r.checks } : { status: "unavailable", down, checks: r.checks };
  return Response.json(body, { status: r.ready ? 200 : 503, headers: { "cache-control": "no-store" } });
}
