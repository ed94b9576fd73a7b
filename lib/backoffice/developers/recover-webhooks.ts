// Developers → Recover webhook deliveries (SPEC §18): the same recovery as
// POST /v1/events/recover, for developers.manage, with the count first
// (intent=count is a dry run; intent=recover queues). Times typed without a
// zone are UTC, as the page says.
import { z } from "zod";
import { staffActor } from "@/lib/audit/actor";
import type { StaffUser } from "@/lib/auth/staff-user";
import { parseInput } from "@/lib/schema/parse-input";
import { recoverEvents } from "@/lib/webhooks/recover-events";
import { ZRecoverEventsRequest, type TRecoverEventsResult } from "@/lib/webhooks/schemas";
import { authorize } from "../authz";
import { ZEnvironment } from "../schemas";

const asUtc = (v: string) => (/(Z|[+-]\d{2}:?\d{2})$/.test(v) ? v : `${v}Z`);

const ZRecoverInput = z.object({
  environment: ZEnvironment,
  since: z.string().trim().min(1, "since is required").max(40).transform(asUtc),
  until: z.string().trim().max(40).optional().transform((v) => (v ? asUtc(v) : undefined)),
  status: z.enum(["failed", "all"], { error: "status must be failed or all" }).default("failed"),
  intent: z.enum(["count", "recover"]).default("count"),
});

export async function recoverWebhooksAsStaff({ actor, merchantId, input, ip = null }: { actor: StaffUser; merchantId: string; input: unknown; ip?: string | null }): Promise<TRecoverEventsResult & { dryRun: boolean }> {
  await authorize({ actor, merchantId, permission: "developers.manage" });
  const form = parseInput(ZRecoverInput, input);
  const request = parseInput(ZRecoverEventsRequest, { since: form.since, until: form.until, status: form.status, destination: "callback", dryRun: form.intent === "count" });
  const result = await recoverEvents({ merchantId, environment: form.environment, input: request, actor: staffActor(actor, ip) });
  return { ...result, dryRun: form.intent === "count" };
}
