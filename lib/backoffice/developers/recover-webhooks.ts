// Developers → Recover webhook deliveries (SPEC §18): the same recovery as
// POST /v1/events/recover, for developers.manage, with the count first
// (intent=count is a dry run; intent=recover queues). Times typed without a
// zone are UTC, as the page says. A recovery counts again where it runs and
// answers its environment and the count the person was shown (`counted`), so
// the page can say when what it queued differs from what it promised.
import { z } from "zod";
import { staffActor } from "@/lib/audit/actor";
import type { StaffUser } from "@/lib/auth/staff-user";
import type { Environment } from "@/lib/generated/prisma/enums";
import { parseInput } from "@/lib/schema/parse-input";
import { recoverEvents } from "@/lib/webhooks/recover-events";
import { ZRecoverEventsRequest, type TRecoverEventsResult } from "@/lib/webhooks/schemas";
import { authorize } from "../authz";
import { environmentOf, ZEnvironment } from "../schemas";

const asUtc = (v: string) => (/(Z|[+-]\d{2}:?\d{2})$/.test(v) ? v : `${v}Z`);

const ZRecoverInput = z.object({
  environment: ZEnvironment,
  since: z.string().trim().min(1, "since is required").max(40).transform(asUtc),
  until: z.string().trim().max(40).optional().transform((v) => (v ? asUtc(v) : undefined)),
  status: z.enum(["failed", "all"], { error: "status must be failed or all" }).default("failed"),
  intent: z.enum(["count", "recover"]).default("count"),
  /** The dry run's count the Recover button showed. */
  counted: z.coerce.number().int().min(0).optional(),
});

export type RecoverWebhooksResult = TRecoverEventsResult & { dryRun: boolean; environment: Environment; counted?: number };

export async function recoverWebhooksAsStaff({ actor, merchantId, input, ip = null }: { actor: StaffUser; merchantId: string; input: unknown; ip?: string | null }): Promise<RecoverWebhooksResult> {
  await authorize({ actor, merchantId, permission: "developers.manage", environment: environmentOf(input) });
  const form = parseInput(ZRecoverInput, input);
  const request = parseInput(ZRecoverEventsRequest, { since: form.since, until: form.until, status: form.status, destination: "callback", dryRun: form.intent === "count" });
  const result = await recoverEvents({ merchantId, environment: form.environment, input: request, actor: staffActor(actor, ip) });
  return { ...result, dryRun: form.intent === "count", environment: form.environment, counted: form.intent === "recover" ? form.counted : undefined };
}
