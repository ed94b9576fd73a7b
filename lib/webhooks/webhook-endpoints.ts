// Registered webhook endpoints (SPEC §18): /v1/webhook-endpoints and the back
// office's Webhooks section go through these functions. Each endpoint has its
// own `whsec_` secret, sealed like the merchant's signing key and shown only
// when created or rotated; a rotation keeps the old secret signing for an
// overlap (both go in `webhook-signature`, as after a signing-key rotation).
// URLs follow the callbackUrl rules (SPEC §9, §20): checked here, and again on
// the resolved address when a delivery connects.
import type { Actor } from "@/lib/audit/actor";
import { auditedBy } from "@/lib/audit/actor";
import { writeAudit } from "@/lib/audit/write-audit";
import { decryptSecret, encryptSecret, type SealedAt } from "@/lib/crypto";
import { db } from "@/lib/db";
import { invalid, notFound } from "@/lib/errors";
import type { WebhookEndpoint } from "@/lib/generated/prisma/client";
import type { Environment, TransactionAction } from "@/lib/generated/prisma/enums";
import { newId, randomBase62 } from "@/lib/ids";
import { iso } from "@/lib/time";
import { ENDPOINT_ACTIONS, ENDPOINT_EVENT_KINDS, MAX_ENDPOINTS, ROTATION_OVERLAP_HOURS, type TCreateEndpointRequest, type TRotateEndpointSecretRequest, type TUpdateEndpointRequest, type TWebhookEndpoint } from "./endpoint-schemas";
import type { SigningSecrets } from "./signing-keys";
import { assertCallbackUrlAllowed } from "./url-safety";

interface Scope {
  merchantId: string;
  environment: Environment;
}

export const endpointSealedAt = (id: string): SealedAt => ({ purpose: "webhook-endpoint-secret", id });

const newSecret = () => "whsec_" + randomBase62(32);

/**
 * SPEC §18: `events` defaults to every kind. The list is stored and answered
 * in full, so what a GET shows is exactly what the endpoint receives.
 */
const subscribedKinds = (events: string[] | undefined): string[] => (events?.length ? events : [...ENDPOINT_EVENT_KINDS]);
/** The same rule for `actions`: absent or empty is every action, stored and answered in full. */
const subscribedActions = (actions: TransactionAction[] | undefined): TransactionAction[] => (actions?.length ? actions : [...ENDPOINT_ACTIONS]);
const isAction = (a: string): a is TransactionAction => (ENDPOINT_ACTIONS as string[]).includes(a);

export function serializeEndpoint(e: WebhookEndpoint): TWebhookEndpoint {
  return { id: e.id, url: e.url, events: e.events, actions: e.actions.filter(isAction), description: e.description, enabled: e.enabled, disabledReason: e.disabledReason, createdAt: iso(e.createdAt) };
}

/** This merchant's endpoint in this environment, or 404 (another merchant's id is answered like an unknown one). */
export async function findEndpoint({ merchantId, environment, id }: Scope & { id: string }): Promise<WebhookEndpoint> {
  const e = /^we_[0-9A-Za-z]{10,40}$/.test(id) ? await db.webhookEndpoint.findUnique({ where: { id } }) : null;
  if (!e || e.merchantId !== merchantId || e.environment !== environment) throw notFound(`No such webhook endpoint: ${id.slice(0, 64)}`);
  return e;
}

export async function listEndpoints({ merchantId, environment }: Scope): Promise<WebhookEndpoint[]> {
  return db.webhookEndpoint.findMany({ where: { merchantId, environment }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
}

export async function createEndpoint({ merchantId, environment, input, actor }: Scope & { input: TCreateEndpointRequest; actor: Actor }): Promise<TWebhookEndpoint & { secret: string }> {
  await assertCallbackUrlAllowed({ url: input.url, environment, param: "url" });
  const id = newId("webhookEndpoint");
  const secret = newSecret();
  const created = await db.$transaction(async (tx) => {
    // The limit is checked under the merchant's row lock, so two concurrent creates cannot both be the 16th.
    await tx.$queryRaw`SELECT id FROM "Merchant" WHERE id = ${merchantId} FOR UPDATE`;
    if ((await tx.webhookEndpoint.count({ where: { merchantId, environment } })) >= MAX_ENDPOINTS) {
      throw invalid(`A merchant may register at most ${MAX_ENDPOINTS} webhook endpoints per environment; delete one first`);
    }
    const row = await tx.webhookEndpoint.create({
      data: { id, merchantId, environment, url: input.url, events: subscribedKinds(input.events), actions: subscribedActions(input.actions), description: input.description ?? "", secretEncrypted: encryptSecret(secret, endpointSealedAt(id)) },
    });
    await writeAudit({ ...auditedBy(actor), action: "webhook_endpoint.created", merchantId, environment, targetType: "webhook_endpoint", targetId: id, details: { url: input.url, events: row.events, actions: row.actions } }, tx);
    return row;
  });
  return { ...serializeEndpoint(created), secret };
}

export async function updateEndpoint({ merchantId, environment, id, input, actor }: Scope & { id: string; input: TUpdateEndpointRequest; actor: Actor }): Promise<TWebhookEndpoint> {
  const current = await findEndpoint({ merchantId, environment, id });
  if (input.url !== undefined) await assertCallbackUrlAllowed({ url: input.url, environment, param: "url" });
  // Enabling clears the platform's reason and its failure count: a fresh start (past events are not resent; use recovery).
  const enabling = input.enabled === true && !current.enabled;
  const updated = await db.webhookEndpoint.update({
    where: { id: current.id },
    data: {
      ...(input.url !== undefined ? { url: input.url } : {}),
      ...(input.events !== undefined ? { events: subscribedKinds(input.events) } : {}),
      ...(input.actions !== undefined ? { actions: subscribedActions(input.actions) } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
      ...(enabling ? { disabledReason: null, failedEventsInRow: 0, failingSince: null } : {}),
    },
  });
  await writeAudit({ ...auditedBy(actor), action: "webhook_endpoint.updated", merchantId, environment, targetType: "webhook_endpoint", targetId: id, details: { ...input } });
  return serializeEndpoint(updated);
}

export async function deleteEndpoint({ merchantId, environment, id, actor }: Scope & { id: string; actor: Actor }): Promise<void> {
  const current = await findEndpoint({ merchantId, environment, id });
  // Its deliveries and their attempts go with it (cascade): nothing is sent to a deleted endpoint.
  await db.webhookEndpoint.delete({ where: { id: current.id } });
  await writeAudit({ ...auditedBy(actor), action: "webhook_endpoint.deleted", merchantId, environment, targetType: "webhook_endpoint", targetId: id, details: { url: current.url } });
}

export async function rotateEndpointSecret({ merchantId, environment, id, input, actor }: Scope & { id: string; input: TRotateEndpointSecretRequest; actor: Actor }): Promise<TWebhookEndpoint & { secret: string }> {
  const current = await findEndpoint({ merchantId, environment, id });
  const hours = input.expireCurrentInHours ?? ROTATION_OVERLAP_HOURS.default;
  const secret = newSecret();
  const updated = await db.webhookEndpoint.update({
    where: { id: current.id },
    data: {
      secretEncrypted: encryptSecret(secret, endpointSealedAt(current.id)),
      previousSecretEncrypted: hours > 0 ? current.secretEncrypted : null,
      previousExpiresAt: hours > 0 ? new Date(Date.now() + hours * 3_600_000) : null,
    },
  });
  await writeAudit({ ...auditedBy(actor), action: "webhook_endpoint.secret_rotated", merchantId, environment, targetType: "webhook_endpoint", targetId: id, details: { expireCurrentInHours: hours } });
  return { ...serializeEndpoint(updated), secret };
}

/** The secrets a delivery to this endpoint signs with: the current one, and the previous during a rotation's overlap. */
export function endpointSecrets(e: Pick<WebhookEndpoint, "id" | "secretEncrypted" | "previousSecretEncrypted" | "previousExpiresAt">, now = new Date()): SigningSecrets {
  const previousValid = e.previousSecretEncrypted && e.previousExpiresAt && e.previousExpiresAt > now;
  return { current: decryptSecret(e.secretEncrypted, endpointSealedAt(e.id)), previous: previousValid ? decryptSecret(e.previousSecretEncrypted!, endpointSealedAt(e.id)) : null };
}
