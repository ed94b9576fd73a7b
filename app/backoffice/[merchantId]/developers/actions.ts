"use server";
// Developers page actions: each one asks the domain function, which checks
// the actor's role and merchant itself (lib/backoffice/authz.ts).
import { revalidatePath } from "next/cache";
import type { IssuedKey } from "@/components/backoffice/developers/api-keys-panel";
import type { ActionState } from "@/lib/backoffice/action-state";
import { runAction } from "@/app/backoffice/_server/run-action";
import { createApiKeyAsStaff } from "@/lib/backoffice/developers/create-key";
import { regenerateApiKeyAsStaff } from "@/lib/backoffice/developers/regenerate-key";
import { revealSigningKey } from "@/lib/backoffice/developers/reveal-signing-key";
import { revokeApiKeyAsStaff } from "@/lib/backoffice/developers/revoke-key";
import { rotateSigningKeyAsStaff } from "@/lib/backoffice/developers/rotate-webhook-signing-key";
import { sendTestWebhookAsStaff } from "@/lib/backoffice/developers/send-test-webhook";
import { recoverWebhooksAsStaff, type RecoverWebhooksResult } from "@/lib/backoffice/developers/recover-webhooks";
import { createEndpointAsStaff, deleteEndpointAsStaff, editEndpointAsStaff, resendEndpointDeliveryAsStaff, rotateEndpointSecretAsStaff, setEndpointEnabledAsStaff } from "@/lib/backoffice/developers/webhook-endpoints";
import type { EndpointSecret } from "@/components/backoffice/developers/webhook-endpoints-panel";
import { formObject } from "@/lib/schema/parse-input";
import { environmentOf } from "@/lib/backoffice/schemas";
import type { Environment } from "@/lib/generated/prisma/enums";
import type { RevealedSecret } from "@/components/backoffice/developers/signing-key-panel";
import { requireActionActor } from "@/app/backoffice/_server/session";

function target(formData: FormData) {
  const input = formObject(formData);
  return { input, merchantId: input.merchantId ?? "" };
}

/**
 * The environment of a form the domain function has just accepted (its schema
 * validated the field). Results that reveal or count something carry it, so
 * the page never shows them under the other environment.
 */
function acceptedEnvironment(input: Record<string, string>): Environment {
  const environment = environmentOf(input);
  if (!environment) throw new Error("the form's environment was accepted but is not one");
  return environment;
}

const page = (merchantId: string) => `/backoffice/${merchantId}/developers`;

/** Create (intent=create) or regenerate (intent=regenerate) a key: both answer the new clear key, once. */
export async function issueKeyAction(_prev: ActionState<IssuedKey>, formData: FormData): Promise<ActionState<IssuedKey>> {
  return runAction<IssuedKey>(formData, async () => {
    const { actor, ip } = await requireActionActor();
    const { input, merchantId } = target(formData);
    if (input.intent === "regenerate") {
      const key = await regenerateApiKeyAsStaff({ actor, merchantId, input, ip });
      revalidatePath(page(merchantId));
      return { status: "success", message: "Key regenerated.", data: { key: key.key, replaced: key.replacedLabel, environment: key.environment } };
    }
    const key = await createApiKeyAsStaff({ actor, merchantId, input, ip });
    revalidatePath(page(merchantId));
    return { status: "success", message: "API key created.", data: { key: key.key, environment: key.environment } };
  });
}

export async function revokeKeyAction(_prev: ActionState, formData: FormData): Promise<ActionState> {
  return runAction(formData, async () => {
    const { actor, ip } = await requireActionActor();
    const { input, merchantId } = target(formData);
    await revokeApiKeyAsStaff({ actor, merchantId, input, ip });
    revalidatePath(page(merchantId));
    return { status: "success", message: "Key revoked." };
  });
}

export async function revealSigningKeyAction(_prev: ActionState<RevealedSecret>, formData: FormData): Promise<ActionState<RevealedSecret>> {
  return runAction(formData, async () => {
    const { actor, ip } = await requireActionActor();
    const { input, merchantId } = target(formData);
    const secret = await revealSigningKey({ actor, merchantId, input, ip });
    return { status: "success", message: "Signing key revealed.", data: { secret, environment: acceptedEnvironment(input) } };
  });
}

export async function rotateSigningKeyAction(_prev: ActionState<RevealedSecret>, formData: FormData): Promise<ActionState<RevealedSecret>> {
  return runAction(formData, async () => {
    const { actor, ip } = await requireActionActor();
    const { input, merchantId } = target(formData);
    const secret = await rotateSigningKeyAsStaff({ actor, merchantId, input, ip });
    revalidatePath(page(merchantId));
    return { status: "success", message: "Signing key rotated.", data: { secret, environment: acceptedEnvironment(input) } };
  });
}

export async function sendTestWebhookAction(_prev: ActionState, formData: FormData): Promise<ActionState> {
  return runAction(formData, async () => {
    const { actor, ip } = await requireActionActor();
    const { input, merchantId } = target(formData);
    const eventId = await sendTestWebhookAsStaff({ actor, merchantId, input, ip });
    revalidatePath(page(merchantId));
    return { status: "success", message: `Test event ${eventId} queued. Its delivery appears below within seconds; refresh to update.` };
  });
}

export async function recoverWebhooksAction(_prev: ActionState<RecoverWebhooksResult>, formData: FormData): Promise<ActionState<RecoverWebhooksResult>> {
  return runAction(formData, async () => {
    const { actor, ip } = await requireActionActor();
    const { input, merchantId } = target(formData);
    const r = await recoverWebhooksAsStaff({ actor, merchantId, input, ip });
    return { status: "success", message: recoverMessage(r), data: r };
  });
}

function recoverMessage(r: RecoverWebhooksResult): string {
  const deliveries = (n: number) => `${n} ${n === 1 ? "delivery" : "deliveries"}`;
  if (r.dryRun) return r.matched === 0 ? "No delivery matches: nothing to recover." : `${deliveries(r.matched)} ${r.matched === 1 ? "matches" : "match"}. Nothing has been sent yet.`;
  // The recovery counted again in its own environment; say so when that differs from the count the button showed.
  if (r.matched === 0) return `Nothing queued: no delivery matches in ${r.environment} now${r.counted ? ` (${r.counted} did when you counted)` : ""}. Count again.`;
  const recount = r.counted !== undefined && r.counted !== r.matched ? ` ${r.matched} ${r.matched === 1 ? "matches" : "match"} now, not the ${r.counted} you counted.` : "";
  const more = r.matched > r.queued ? ` (${r.matched} matched; recover again for the rest)` : "";
  return `${deliveries(r.queued)} queued for a new series of attempts${more}.${recount} They go out within seconds, oldest first.`;
}

/** Create (intent=create) or rotate (intent=rotate): both answer the endpoint's secret, shown once. */
export async function endpointSecretAction(_prev: ActionState<EndpointSecret>, formData: FormData): Promise<ActionState<EndpointSecret>> {
  return runAction<EndpointSecret>(formData, async () => {
    const { actor, ip } = await requireActionActor();
    const { input, merchantId } = target(formData);
    const endpoint = input.intent === "rotate" ? await rotateEndpointSecretAsStaff({ actor, merchantId, input, ip }) : await createEndpointAsStaff({ actor, merchantId, input, ip });
    revalidatePath(page(merchantId));
    return { status: "success", message: input.intent === "rotate" ? "Secret rotated." : "Webhook endpoint added.", data: { secret: endpoint.secret, url: endpoint.url, rotated: input.intent === "rotate", environment: acceptedEnvironment(input) } };
  });
}

/** Enable, disable or delete an endpoint, or resend one of its deliveries (intent says which). */
export async function endpointAction(_prev: ActionState, formData: FormData): Promise<ActionState> {
  return runAction(formData, async () => {
    const { actor, ip } = await requireActionActor();
    const { input, merchantId } = target(formData);
    let message: string;
    if (input.intent === "delete") {
      await deleteEndpointAsStaff({ actor, merchantId, input, ip });
      message = "Webhook endpoint deleted.";
    } else if (input.intent === "edit") {
      await editEndpointAsStaff({ actor, merchantId, input, ip });
      message = "Webhook endpoint saved.";
    } else if (input.intent === "resend") {
      await resendEndpointDeliveryAsStaff({ actor, merchantId, input, ip });
      message = "Resend queued: the attempt appears in the delivery log within seconds (reload to see it).";
    } else {
      const enabled = input.intent === "enable";
      await setEndpointEnabledAsStaff({ actor, merchantId, input, enabled, ip });
      message = enabled ? "Webhook endpoint enabled. Events it missed are not resent by themselves: use Recover below." : "Webhook endpoint disabled.";
    }
    revalidatePath(page(merchantId));
    return { status: "success", message };
  });
}
