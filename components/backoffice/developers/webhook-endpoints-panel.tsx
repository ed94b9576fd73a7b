"use client";
// Webhook endpoints (SPEC §18): add one (its secret shown once), edit it,
// rotate its secret (shown once), enable or disable it, delete it, and read
// and resend its recent deliveries. One component owns the action states, so a secret
// survives the re-render that adds the endpoint's row.
import { useActionState } from "react";
import { Badge } from "@/components/ui/badge";
import { DateTime } from "@/components/ui/date-time";
import { EmptyState } from "@/components/ui/empty-state";
import { TextField } from "@/components/ui/field";
import { OneTimeSecret } from "@/components/ui/one-time-secret";
import { SubmitButton } from "@/components/ui/submit-button";
import { Table, TBody, Td, Th, THead } from "@/components/ui/table";
import { type ActionState, IDLE, stateIn } from "@/lib/backoffice/action-state";
import type { EndpointDelivery } from "@/lib/backoffice/developers/webhook-endpoints";
import type { Environment } from "@/lib/generated/prisma/enums";
import { ActionMessage, fieldError } from "../action-message";

export type EndpointSecret = { secret: string; url: string; rotated: boolean; environment: Environment };

export interface EndpointRow {
  id: string;
  url: string;
  events: string[];
  actions: string[];
  description: string;
  enabled: boolean;
  disabledReason: string | null;
  failedEventsInRow: number;
  deliveries: EndpointDelivery[];
}

type SecretAction = (prev: ActionState<EndpointSecret>, formData: FormData) => Promise<ActionState<EndpointSecret>>;
type EndpointAction = (prev: ActionState, formData: FormData) => Promise<ActionState>;

function DeliveryStatus({ status }: { status: EndpointDelivery["status"] }) {
  return status === "delivered" ? <Badge tone="success">Delivered</Badge> : status === "failed" ? <Badge tone="danger">Failed</Badge> : <Badge tone="warning">Pending</Badge>;
}

export function WebhookEndpointsPanel({ merchantId, environment, endpoints, secretAction, endpointAction }: { merchantId: string; environment: Environment; endpoints: EndpointRow[]; secretAction: SecretAction; endpointAction: EndpointAction }) {
  const [secretResult, submitSecret] = useActionState<ActionState<EndpointSecret>, FormData>(secretAction, IDLE);
  // An endpoint secret of the other environment is never shown on this one's page.
  const secretState = stateIn(secretResult, environment);
  const [state, submit] = useActionState<ActionState, FormData>(endpointAction, IDLE);
  const createError = secretState.status === "error" && secretState.values?.intent !== "rotate" ? secretState : IDLE;
  const hidden = (endpointId?: string) => (
    <>
      <input type="hidden" name="merchantId" value={merchantId} />
      <input type="hidden" name="environment" value={environment} />
      {endpointId ? <input type="hidden" name="endpointId" value={endpointId} /> : null}
    </>
  );
  return (
    <div className="space-y-6">
      {secretState.status === "success" && secretState.data ? (
        <OneTimeSecret
          title={secretState.data.rotated ? `New signing secret for ${secretState.data.url}` : `Signing secret for ${secretState.data.url}`}
          value={secretState.data.secret}
          note={`Copy it now and configure your receiver with it: it will not be shown again.${secretState.data.rotated ? " The previous secret keeps signing beside it for 24 hours." : ""}`}
        />
      ) : null}
      {secretState.status === "error" && secretState.values?.intent === "rotate" ? <ActionMessage state={secretState} /> : null}
      <ActionMessage state={state} />

      <form action={submitSecret} className="space-y-3" aria-label="Add a webhook endpoint">
        {hidden()}
        <input type="hidden" name="intent" value="create" />
        <div className="flex flex-wrap items-start gap-3">
          <TextField id="endpoint-url" name="url" type="url" label="Endpoint URL" placeholder="https://example.com/webhooks/sluice" required maxLength={2048} error={fieldError(createError, "url")} frameClassName="min-w-[18rem] flex-1" />
          <TextField
            id="endpoint-events"
            name="events"
            label="Events (optional)"
            placeholder="transaction.succeeded, transaction.declined"
            error={fieldError(createError, "events")}
            frameClassName="min-w-[16rem] flex-1"
            hint="Comma-separated event kinds; empty: every kind."
          />
          <TextField
            id="endpoint-actions"
            name="actions"
            label="Actions (optional)"
            placeholder="SALE, AUTHORIZE"
            error={fieldError(createError, "actions")}
            frameClassName="min-w-[12rem] flex-1"
            hint="Comma-separated: SALE, PAYOUT, AUTHORIZE, REFUND, CHARGEBACK; empty: every action. A refund sends transaction.succeeded too."
          />
          <TextField id="endpoint-description" name="description" label="Description (optional)" maxLength={500} frameClassName="w-64" />
        </div>
        {createError.status === "error" && !createError.field ? <ActionMessage state={createError} /> : null}
        <SubmitButton pendingLabel="Adding…">Add endpoint</SubmitButton>
      </form>

      {endpoints.length === 0 ? (
        <EmptyState title="No webhook endpoints yet">Events still go to each transaction&apos;s callbackUrl. Add an endpoint to receive them at a URL of your own too.</EmptyState>
      ) : (
        <ul className="space-y-6" aria-label="Webhook endpoints">
          {endpoints.map((e) => (
            <li key={e.id} className="rounded-lg border border-slate-200 p-4 dark:border-slate-800" aria-label={e.url}>
              <div className="flex flex-wrap items-center gap-2">
                <code className="break-all font-mono text-sm">{e.url}</code>
                {e.enabled ? <Badge tone="success">Enabled</Badge> : <Badge tone="danger">Disabled</Badge>}
              </div>
              <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
                {e.events.length === 0 ? "Every event kind" : e.events.join(", ")} · {e.actions.join(", ")}
                {e.description ? ` · ${e.description}` : ""} · <code className="font-mono text-xs">{e.id}</code>
              </p>
              {e.disabledReason ? <p className="mt-1 text-sm text-red-700 dark:text-red-400">Disabled by Sluice: {e.disabledReason}.</p> : null}
              {e.enabled && e.failedEventsInRow > 0 ? <p className="mt-1 text-sm text-amber-700 dark:text-amber-400">{e.failedEventsInRow} events in a row have failed here.</p> : null}
              <div className="mt-3 flex flex-wrap gap-2">
                <form action={submit}>
                  {hidden(e.id)}
                  <input type="hidden" name="intent" value={e.enabled ? "disable" : "enable"} />
                  <SubmitButton variant="secondary" size="sm">{e.enabled ? "Disable" : "Enable"}</SubmitButton>
                </form>
                <form action={submitSecret}>
                  {hidden(e.id)}
                  <input type="hidden" name="intent" value="rotate" />
                  <SubmitButton variant="secondary" size="sm">Rotate secret</SubmitButton>
                </form>
                <form action={submit}>
                  {hidden(e.id)}
                  <input type="hidden" name="intent" value="delete" />
                  <SubmitButton variant="danger" size="sm">Delete</SubmitButton>
                </form>
              </div>
              <details className="mt-3">
                <summary className="cursor-pointer text-sm font-medium">Edit</summary>
                <form action={submit} className="mt-2 space-y-3" aria-label={`Edit ${e.url}`}>
                  {hidden(e.id)}
                  <input type="hidden" name="intent" value="edit" />
                  <div className="flex flex-wrap items-start gap-3">
                    <TextField id={`edit-url-${e.id}`} name="url" type="url" label="Endpoint URL" required maxLength={2048} defaultValue={e.url} frameClassName="min-w-[18rem] flex-1" />
                    <TextField id={`edit-events-${e.id}`} name="events" label="Events" defaultValue={e.events.join(", ")} hint="Comma-separated; empty: every kind." frameClassName="min-w-[16rem] flex-1" />
                    <TextField id={`edit-actions-${e.id}`} name="actions" label="Actions" defaultValue={e.actions.join(", ")} hint="Comma-separated; empty: every action." frameClassName="min-w-[12rem] flex-1" />
                    <TextField id={`edit-description-${e.id}`} name="description" label="Description" maxLength={500} defaultValue={e.description} frameClassName="w-64" />
                  </div>
                  <SubmitButton variant="secondary" size="sm" pendingLabel="Saving…">Save</SubmitButton>
                </form>
              </details>
              {e.deliveries.length > 0 ? (
                <div className="mt-4">
                  <Table caption={`Recent deliveries to ${e.url}`}>
                    <THead>
                      <Th>Event</Th>
                      <Th>Kind</Th>
                      <Th>Status</Th>
                      <Th>Attempts</Th>
                      <Th>Last attempt</Th>
                      <Th>
                        <span className="sr-only">Resend</span>
                      </Th>
                    </THead>
                    <TBody>
                      {e.deliveries.map((d) => (
                        <tr key={d.id}>
                          <Td className="font-mono text-xs">{d.sourceEventId}</Td>
                          <Td>{d.type}</Td>
                          <Td>
                            <DeliveryStatus status={d.status} />
                          </Td>
                          <Td>{d.attemptCount}</Td>
                          <Td>{d.lastAttemptAt ? <DateTime value={d.lastAttemptAt} /> : "Not yet"}</Td>
                          <Td>
                            <form action={submit}>
                              {hidden(e.id)}
                              <input type="hidden" name="deliveryId" value={d.id} />
                              <input type="hidden" name="intent" value="resend" />
                              <SubmitButton variant="ghost" size="sm">Resend</SubmitButton>
                            </form>
                          </Td>
                        </tr>
                      ))}
                    </TBody>
                  </Table>
                </div>
              ) : (
                <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">No deliveries yet.</p>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
