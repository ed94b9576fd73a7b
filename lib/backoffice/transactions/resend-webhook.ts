// "Resend" on the Transaction page (SPEC §9, §13): one more attempt of the
// stored bytes, through the API's resendEvent (which audits it). The event
// must belong to this merchant and environment, or it is "not found".
import { staffActor } from "@/lib/audit/actor";
import { z } from "zod";
import { resendEvent } from "@/lib/webhooks/resend-event";
import { authorize } from "../authz";
import type { StaffUser } from "@/lib/auth/staff-user";
import { parseInput } from "@/lib/schema/parse-input";
import { environmentOf, ZEnvironment } from "../schemas";

const ZResendInput = z.object({ eventId: z.string().min(1).max(100), environment: ZEnvironment });

export async function resendEventAsStaff({ actor, merchantId, input }: { actor: StaffUser; merchantId: string; input: unknown }): Promise<void> {
  await authorize({ actor, merchantId, permission: "webhooks.resend", environment: environmentOf(input) });
  const data = parseInput(ZResendInput, input);
  await resendEvent({ merchantId, environment: data.environment, eventId: data.eventId, actor: staffActor(actor) });
}
