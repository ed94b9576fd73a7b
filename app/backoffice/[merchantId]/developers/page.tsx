import type { Metadata } from "next";
import { ApiKeysPanel } from "@/components/backoffice/developers/api-keys-panel";
import { SigningKeyPanel } from "@/components/backoffice/developers/signing-key-panel";
import { RecoverWebhooksForm } from "@/components/backoffice/developers/recover-webhooks-form";
import { WebhookEndpointsPanel } from "@/components/backoffice/developers/webhook-endpoints-panel";
import { listEndpointsAsStaff } from "@/lib/backoffice/developers/webhook-endpoints";
import { TestWebhookForm } from "@/components/backoffice/developers/test-webhook-form";
import { NoAccess } from "@/components/backoffice/no-access";
import { Badge } from "@/components/ui/badge";
import { DateTime } from "@/components/ui/date-time";
import { EmptyState } from "@/components/ui/empty-state";
import { Pager } from "@/components/ui/pager";
import { PageHeader, Section } from "@/components/ui/section";
import { Table, TBody, Td, Th, THead } from "@/components/ui/table";
import { getSigningKeySummary } from "@/lib/backoffice/developers/get-signing-key-summary";
import { listRecentApiRequests } from "@/lib/backoffice/developers/list-api-requests";
import { listTestWebhooks } from "@/lib/backoffice/developers/list-test-webhooks";
import { listKeys } from "@/lib/backoffice/developers/list-keys";
import { getEnvironmentPreference } from "@/app/backoffice/_server/environment-preference";
import { firstParam, type SearchParams } from "@/lib/backoffice/search-params";
import { requirePagePermission } from "@/app/backoffice/_server/session";
import { endpointAction, endpointSecretAction, issueKeyAction, recoverWebhooksAction, revealSigningKeyAction, revokeKeyAction, rotateSigningKeyAction, sendTestWebhookAction } from "./actions";

export const metadata: Metadata = { title: "Developers" };

/** The recovery form's default window start, as a datetime-local value in UTC. (A server component renders per request.) */
function aDayAgoUtc(): string {
  return new Date(Date.now() - 86_400_000).toISOString().slice(0, 16);
}

function statusTone(code: number) {
  return code >= 500 ? "danger" : code >= 400 ? "warning" : "success";
}

export default async function DevelopersPage({ params, searchParams }: { params: Promise<{ merchantId: string }>; searchParams: SearchParams }) {
  const { merchantId } = await params;
  const cursor = firstParam((await searchParams).requests);
  const access = await requirePagePermission(merchantId, "developers.manage");
  if (!access) return <NoAccess page="Developers" roles="owners, admins and developers" />;
  const environment = await getEnvironmentPreference(access.actor);
  const [keys, signingKey, requests, testWebhooks, endpoints] = await Promise.all([
    listKeys({ access, environment }),
    getSigningKeySummary({ access, environment }),
    listRecentApiRequests({ access, environment, cursor }),
    listTestWebhooks({ access, environment }),
    listEndpointsAsStaff({ access, environment }),
  ]);
  const envLabel = environment === "sandbox" ? "sandbox" : "production";
  // The forms below are keyed by environment: what one revealed, issued or counted (client state of
  // its server action) is gone when the header switches environment, not shown under the other's name.
  const totpEnabled = access.actor.totpEnabled;

  return (
    <>
      <PageHeader title="Developers" description={`API keys, webhook signing and recent API requests for ${access.merchant.name} in ${envLabel}.`} />
      <div className="space-y-6">
        <Section
          id="api-keys"
          title="API keys"
          description={
            <>
              Keys authenticate your server’s requests to the Sluice API. A new key is shown once, when it is created; Sluice stores only a hash.
              {environment === "production" ? " Creating or regenerating a live key asks for your password" + (totpEnabled ? " and authentication code." : ".") : " Sandbox keys can be regenerated freely."}
            </>
          }
        >
          <ApiKeysPanel
            key={environment}
            merchantId={merchantId}
            environment={environment}
            totpEnabled={totpEnabled}
            keys={keys.map((k) => ({ id: k.id, name: k.name, scope: k.scope, label: `${k.prefix}…${k.last4}`, createdAt: k.createdAt, lastUsedAt: k.lastUsedAt }))}
            issue={issueKeyAction}
            revoke={revokeKeyAction}
          />
        </Section>

        <Section
          id="signing-key"
          title="Webhook signing key"
          description="Every webhook is signed with this key (HMAC-SHA256). Verify the signature before trusting a webhook."
        >
          {signingKey ? (
            <div className="space-y-4">
              <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-3">
                <div>
                  <dt className="text-slate-600 dark:text-slate-400">Key</dt>
                  <dd className="font-mono">whsec_…{signingKey.last4}</dd>
                </div>
                <div>
                  <dt className="text-slate-600 dark:text-slate-400">Created</dt>
                  <dd>
                    <DateTime value={signingKey.createdAt} />
                  </dd>
                </div>
                <div>
                  <dt className="text-slate-600 dark:text-slate-400">Last rotated</dt>
                  <dd>
                    <DateTime value={signingKey.rotatedAt} fallback="Never" />
                  </dd>
                </div>
              </dl>
              {signingKey.previousExpiresAt && signingKey.previousExpiresAt > new Date() ? (
                <p className="text-sm">
                  The previous key also signs until <DateTime value={signingKey.previousExpiresAt} />.
                </p>
              ) : null}
              <SigningKeyPanel key={environment} merchantId={merchantId} environment={environment} totpEnabled={totpEnabled} reveal={revealSigningKeyAction} rotate={rotateSigningKeyAction} />
            </div>
          ) : (
            <EmptyState title="No signing key in this environment">The key is created with the merchant account; contact the platform operator.</EmptyState>
          )}
        </Section>

        <Section
          id="test-webhook"
          title="Send a test webhook"
          description="Sends a signed test.webhook event to a URL, delivered exactly like a real one (same signature headers, same retries), to check that your receiver verifies and answers 2xx."
        >
          <div className="space-y-4">
            <TestWebhookForm key={environment} merchantId={merchantId} environment={environment} action={sendTestWebhookAction} />
            {testWebhooks.length > 0 ? (
              <Table caption="Recent test webhooks">
                <THead>
                  <Th>Sent</Th>
                  <Th>URL</Th>
                  <Th>Delivery</Th>
                  <Th>Last attempt</Th>
                </THead>
                <TBody>
                  {testWebhooks.map((e) => {
                    const last = e.attempts[0];
                    return (
                      <tr key={e.id}>
                        <Td>
                          <DateTime value={e.createdAt} />
                        </Td>
                        <Td className="max-w-xs break-all font-mono text-xs">{e.url}</Td>
                        <Td>{e.status === "delivered" ? <Badge tone="success">Delivered</Badge> : e.status === "failed" ? <Badge tone="danger">Failed</Badge> : <Badge tone="warning">Pending</Badge>}</Td>
                        <Td>{last ? `${last.statusCode ?? "no response"}${last.error ? ` — ${last.error}` : ""} (${last.durationMs} ms)` : "Not attempted yet"}</Td>
                      </tr>
                    );
                  })}
                </TBody>
              </Table>
            ) : null}
          </div>
        </Section>

        <Section
          id="webhook-endpoints"
          title="Webhook endpoints"
          description="URLs of your own that receive events beside each transaction's callbackUrl, each signed with its own secret. Up to 16 per environment; an endpoint whose deliveries fail for 50 events in a row over a day is disabled."
        >
          <WebhookEndpointsPanel key={environment} merchantId={merchantId} environment={environment} endpoints={endpoints} secretAction={endpointSecretAction} endpointAction={endpointAction} />
        </Section>

        <Section
          id="recover-webhooks"
          title="Recover webhook deliveries"
          description="After your receiver was down: every delivery that failed for good in a window gets a new series of attempts (same signed bodies, normal retry schedule, each transaction's order). Count first; nothing is sent until you recover. The API has the same: POST /v1/events/recover."
        >
          <RecoverWebhooksForm key={environment} merchantId={merchantId} environment={environment} action={recoverWebhooksAction} defaultSince={aDayAgoUtc()} />
        </Section>

        <Section id="api-requests" title="Recent API requests" description="The latest requests made with this merchant’s keys in this environment. Card numbers, CVCs and keys are redacted before storage.">
          {requests.rows.length === 0 ? (
            <EmptyState title="No API requests yet">Requests appear here as soon as your server calls the API with one of the keys above.</EmptyState>
          ) : (
            <Table caption="Recent API requests">
              <THead>
                <Th>Time</Th>
                <Th>Request</Th>
                <Th>Status</Th>
                <Th>Duration</Th>
                <Th>Request ID</Th>
                <Th>Body</Th>
              </THead>
              <TBody>
                {requests.rows.map((r) => (
                  <tr key={r.id}>
                    <Td>
                      <DateTime value={r.createdAt} />
                    </Td>
                    <Td className="font-mono">
                      {r.method} {r.path}
                    </Td>
                    <Td>
                      <Badge tone={statusTone(r.statusCode)}>{r.statusCode}</Badge>
                    </Td>
                    <Td>{r.durationMs} ms</Td>
                    <Td className="font-mono text-xs">{r.requestId}</Td>
                    <Td>
                      {r.requestBody ? (
                        <details>
                          <summary className="cursor-pointer text-sm">Show</summary>
                          <pre className="mt-2 max-w-md overflow-x-auto whitespace-pre-wrap break-all rounded bg-slate-100 p-2 text-xs dark:bg-slate-800">{r.requestBody}</pre>
                        </details>
                      ) : (
                        <span className="text-slate-500 dark:text-slate-400">—</span>
                      )}
                    </Td>
                  </tr>
                ))}
              </TBody>
            </Table>
          )}
          <Pager label="API request pages" nextCursor={requests.nextCursor} isFirstPage={!cursor} hrefForCursor={(c) => (c ? `?requests=${encodeURIComponent(c)}#api-requests` : "?#api-requests")} />
        </Section>
      </div>
    </>
  );
}
