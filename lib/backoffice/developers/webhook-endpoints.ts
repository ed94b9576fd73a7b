// Developers → Webhook endpoints (SPEC §18): the same domain functions as
// /v1/webhook-endpoints, for developers.manage, each audited with the person.
// The endpoint list carries each endpoint's recent deliveries (the delivery
// log), and a delivery can be resent from it.
import { z } from "zod";
import { staffActor } from "@/lib/audit/actor";
import type { StaffUser } from "@/lib/auth/staff-user";
import { db } from "@/lib/db";
import { notFound } from "@/lib/errors";
import type { Environment } from "@/lib/generated/prisma/enums";
import { parseInput } from "@/lib/schema/parse-input";
import { ZCreateEndpointRequest, ZUpdateEndpointRequest } from "@/lib/webhooks/endpoint-schemas";
import { resendDelivery } from "@/lib/webhooks/resend-event";
import { createEndpoint, deleteEndpoint, findEndpoint, listEndpoints, rotateEndpointSecret, serializeEndpoint, updateEndpoint } from "@/lib/webhooks/webhook-endpoints";
import { authorize, type MerchantAccess, assertCan } from "../authz";
import { environmentOf, ZEnvironment } from "../schemas";

const RECENT_DELIVERIES = 10;

/** One row of an endpoint's delivery log in the back office. */
export interface EndpointDelivery {
  id: string;
  sourceEventId: string | null;
  type: string;
  status: "pending" | "delivered" | "failed";
  attemptCount: number;
  lastAttemptAt: Date | null;
  createdAt: Date;
}

export async function listEndpointsAsStaff({ access, environment }: { access: MerchantAccess; environment: Environment }) {
  assertCan(access, "developers.manage");
  const endpoints = await listEndpoints({ merchantId: access.merchant.id, environment });
  // Every endpoint's latest deliveries in one query, not one per endpoint:
  // for each, a backward walk of Event_endpoint_idx that stops at the limit.
  // The ids are this merchant's (listEndpoints is scoped), so no merchant filter.
  const recent = endpoints.length === 0 ? [] : await db.$queryRaw<(EndpointDelivery & { endpointId: string })[]>`
    SELECT d.id, d."endpointId", d."sourceEventId", d.type, d.status::text AS status, d."attemptCount", d."lastAttemptAt", d."createdAt"
    FROM unnest(${endpoints.map((e) => e.id)}::text[]) AS ep(id)
    CROSS JOIN LATERAL (
      SELECT e.* FROM "Event" e
      WHERE e."endpointId" = ep.id
      ORDER BY e.seq DESC LIMIT ${RECENT_DELIVERIES}
    ) d
    ORDER BY d."endpointId", d.seq DESC`;
  return endpoints.map((e) => ({
    ...serializeEndpoint(e),
    failedEventsInRow: e.failedEventsInRow,
    deliveries: recent.filter((d) => d.endpointId === e.id).map(({ endpointId: _endpoint, ...d }) => d),
  }));
}

const ZScope = z.object({ environment: ZEnvironment });
const ZCreateInput = ZScope.extend({ url: z.string().trim(), description: z.string().trim().max(500).optional(), events: z.string().optional(), actions: z.string().optional() });
const ZEndpointInput = ZScope.extend({ endpointId: z.string().min(1).max(100) });

/** "transaction.succeeded, transaction.declined" (or empty: every kind) → the API's `events`; the same for `actions` ("SALE, PAYOUT"). */
const eventList = (text: string | undefined) => (text ?? "").split(/[\s,]+/).filter(Boolean);

export async function createEndpointAsStaff({ actor, merchantId, input, ip = null }: { actor: StaffUser; merchantId: string; input: unknown; ip?: string | null }) {
  await authorize({ actor, merchantId, permission: "developers.manage", environment: environmentOf(input) });
  const form = parseInput(ZCreateInput, input);
  const request = parseInput(ZCreateEndpointRequest, { url: form.url, events: eventList(form.events), actions: eventList(form.actions?.toUpperCase()), ...(form.description ? { description: form.description } : {}) });
  return createEndpoint({ merchantId, environment: form.environment, input: request, actor: staffActor(actor, ip) });
}

/** Edit: URL, event kinds and actions (comma-separated; empty: every one) and description. */
export async function editEndpointAsStaff({ actor, merchantId, input, ip = null }: { actor: StaffUser; merchantId: string; input: unknown; ip?: string | null }) {
  await authorize({ actor, merchantId, permission: "developers.manage", environment: environmentOf(input) });
  const form = parseInput(ZEndpointInput.extend({ url: z.string().trim(), events: z.string().optional(), actions: z.string().optional(), description: z.string().trim().max(500).optional() }), input);
  // The form always sends every field: an emptied description field clears it.
  const request = parseInput(ZUpdateEndpointRequest, { url: form.url, events: eventList(form.events), actions: eventList(form.actions?.toUpperCase()), description: form.description ?? "" });
  return updateEndpoint({ merchantId, environment: form.environment, id: form.endpointId, input: request, actor: staffActor(actor, ip) });
}

export async function setEndpointEnabledAsStaff({ actor, merchantId, input, enabled, ip = null }: { actor: StaffUser; merchantId: string; input: unknown; enabled: boolean; ip?: string | null }) {
  await authorize({ actor, merchantId, permission: "developers.manage", environment: environmentOf(input) });
  const { environment, endpointId } = parseInput(ZEndpointInput, input);
  return updateEndpoint({ merchantId, environment, id: endpointId, input: { enabled }, actor: staffActor(actor, ip) });
}

export async function rotateEndpointSecretAsStaff({ actor, merchantId, input, ip = null }: { actor: StaffUser; merchantId: string; input: unknown; ip?: string | null }) {
  await authorize({ actor, merchantId, permission: "developers.manage", environment: environmentOf(input) });
  const { environment, endpointId } = parseInput(ZEndpointInput, input);
  return rotateEndpointSecret({ merchantId, environment, id: endpointId, input: {}, actor: staffActor(actor, ip) });
}

export async function deleteEndpointAsStaff({ actor, merchantId, input, ip = null }: { actor: StaffUser; merchantId: string; input: unknown; ip?: string | null }) {
  await authorize({ actor, merchantId, permission: "developers.manage", environment: environmentOf(input) });
  const { environment, endpointId } = parseInput(ZEndpointInput, input);
  await deleteEndpoint({ merchantId, environment, id: endpointId, actor: staffActor(actor, ip) });
}

/** One more attempt of an endpoint's delivery, now (marked manual, as a resend of an event is). */
export async function resendEndpointDeliveryAsStaff({ actor, merchantId, input, ip = null }: { actor: StaffUser; merchantId: string; input: unknown; ip?: string | null }) {
  await authorize({ actor, merchantId, permission: "developers.manage", environment: environmentOf(input) });
  const { environment, endpointId, deliveryId } = parseInput(ZEndpointInput.extend({ deliveryId: z.string().min(1).max(100) }), input);
  await findEndpoint({ merchantId, environment, id: endpointId });
  const delivery = await db.event.findFirst({ where: { id: deliveryId, endpointId }, select: { id: true, attemptCount: true } });
  if (!delivery) throw notFound(`No such delivery: ${deliveryId.slice(0, 64)}`);
  await resendDelivery({ merchantId, environment, delivery, actor: staffActor(actor, ip), details: { endpointId } });
}
