import type { Metadata } from "next";
import { ActionForm } from "@/components/backoffice/action-form";
import { CircuitBadge, SuccessRate } from "@/components/backoffice/connectors/connector-health";
import { Badge } from "@/components/ui/badge";
import { DateTime } from "@/components/ui/date-time";
import { EmptyState } from "@/components/ui/empty-state";
import { SelectField, TextField } from "@/components/ui/field";
import { PageHeader, Section } from "@/components/ui/section";
import { Table, TBody, Td, Th, THead } from "@/components/ui/table";
import { getConnectorsPage } from "@/lib/backoffice/connectors/get-connectors-page";
import { CREDENTIAL_FIELD_PREFIX } from "@/lib/backoffice/schemas";
import { requireOperatorPage } from "@/app/backoffice/_server/session";
import { addConnectorAction, rotateConnectorAction, setConnectorEnabledAction, testConnectorAction } from "./actions";

export const metadata: Metadata = { title: "Connectors" };

const PROVIDER_NAMES: Record<string, string> = { stripe: "Stripe", adyen: "Adyen", paypal: "PayPal", bank_file: "Bank files" };

/** "secretKey" → "Secret key": the provider's own field names, readable. */
function fieldLabel(field: string): string {
  const words = field.replace(/([A-Z])/g, " $1").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function CredentialFields({ idPrefix, fields, required }: { idPrefix: string; fields: readonly string[]; required: boolean }) {
  return (
    <>
      {fields.map((field) => (
        <TextField key={field} id={`${idPrefix}-${field}`} name={`${CREDENTIAL_FIELD_PREFIX}${field}`} label={fieldLabel(field)} type="password" autoComplete="off" spellCheck={false} required={required} />
      ))}
    </>
  );
}

export default async function ConnectorsPage() {
  const actor = await requireOperatorPage();
  const { connectors, providers } = await getConnectorsPage({ actor });
  return (
    <>
      <PageHeader
        title="Connectors"
        description="Accounts at payment providers that take merchants' payments (SPEC §21). Credentials are stored encrypted and never shown again: only their last 4 characters. Route a merchant's methods to a connector on the merchant's page; every change here is in the platform audit log."
      />
      <div className="space-y-6">
        <Section id="configured-connectors" title="Configured connectors" description="Circuit: opens after 5 transport failures within 30 s and half-opens after 30 s. Success: the last hour's attempts that took the payment (answered: the provider answered at all).">
          {connectors.length === 0 ? (
            <EmptyState title="No connectors yet">Production takes no payment until a connector is added and a merchant&apos;s method is routed to it.</EmptyState>
          ) : (
            <Table caption="Connectors">
              <THead>
                <Th>Connector</Th>
                <Th>Environment</Th>
                <Th>Credentials</Th>
                <Th>Circuit</Th>
                <Th>Success, last hour</Th>
                <Th>Unknown outcomes</Th>
                <Th>Last test</Th>
              </THead>
              <TBody>
                {connectors.map((c) => (
                  <tr key={c.id} data-connector={c.id}>
                    <Td>
                      <div className="font-medium">{c.name}</div>
                      <div className="font-mono text-xs">{c.id}</div>
                      <div className="text-xs">
                        {PROVIDER_NAMES[c.provider] ?? c.provider} {c.enabled ? null : <Badge tone="danger">Disabled</Badge>}
                      </div>
                    </Td>
                    <Td>{c.environment}</Td>
                    <Td className="text-xs">
                      {Object.entries(c.credentialHints).map(([field, last4]) => (
                        <div key={field}>
                          {fieldLabel(field)} <span className="font-mono">…{last4}</span>
                        </div>
                      ))}
                    </Td>
                    <Td>{c.health ? <CircuitBadge state={c.health.circuit} /> : "—"}</Td>
                    <Td>{c.health ? <SuccessRate health={c.health} /> : "—"}</Td>
                    <Td className="tabular-nums">{c.health?.unknownOutcomes ?? 0}</Td>
                    <Td className="text-xs">
                      {c.lastTestedAt ? (
                        <>
                          {c.lastTestOk ? <Badge tone="success">Passed</Badge> : <Badge tone="danger">Failed</Badge>} <DateTime value={c.lastTestedAt} />
                          {c.lastTestMessage ? <div className="mt-1 break-words">{c.lastTestMessage}</div> : null}
                        </>
                      ) : (
                        "Never tested"
                      )}
                    </Td>
                  </tr>
                ))}
              </TBody>
            </Table>
          )}
        </Section>

        {connectors.map((c) => {
          const fields = providers.find((p) => p.provider === c.provider)?.credentialFields ?? [];
          return (
            <Section key={c.id} id={`connector-${c.id}`} title={`${c.name} (${c.id})`} description={<>Provider events URL to register at {PROVIDER_NAMES[c.provider] ?? c.provider}: <code className="break-all font-mono text-xs">{c.eventsUrl}</code>{c.apiBase ? <> · requests go to <code className="font-mono text-xs">{c.apiBase}</code></> : null}</>}>
              <div className="grid gap-6 lg:grid-cols-3">
                <ActionForm action={testConnectorAction} submitLabel="Test connection" pendingLabel="Testing…" variant="secondary" label={`Test ${c.name}`} className="space-y-3">
                  <input type="hidden" name="connectorId" value={c.id} />
                  <p className="text-sm">One harmless call with the stored credentials: nothing is created or charged.</p>
                </ActionForm>
                <ActionForm action={rotateConnectorAction} submitLabel="Rotate credentials" pendingLabel="Rotating…" label={`Rotate ${c.name}`} className="space-y-3">
                  <input type="hidden" name="connectorId" value={c.id} />
                  <p className="text-sm">Type only what changes; empty fields keep their current value.</p>
                  <CredentialFields idPrefix={`rotate-${c.id}`} fields={fields} required={false} />
                  <TextField id={`rotate-${c.id}-hours`} name="expirePreviousInHours" label="Accept events signed with the previous webhook secret for (hours)" inputMode="numeric" defaultValue="24" />
                </ActionForm>
                <ActionForm action={setConnectorEnabledAction} submitLabel={c.enabled ? "Disable connector" : "Enable connector"} pendingLabel="Saving…" variant={c.enabled ? "danger" : "primary"} label={`${c.enabled ? "Disable" : "Enable"} ${c.name}`} className="space-y-3">
                  <input type="hidden" name="connectorId" value={c.id} />
                  <input type="hidden" name="enabled" value={String(!c.enabled)} />
                  <p className="text-sm">{c.enabled ? "Stops routing new payments to it. Captures, refunds, reconciliation and its provider events keep working." : "Routes send payments to it again."}</p>
                  {c.enabled ? <TextField id={`disable-${c.id}-reason`} name="reason" label="Reason (for the audit log)" maxLength={500} /> : null}
                </ActionForm>
              </div>
            </Section>
          );
        })}

        {providers.map((p) => (
          <Section key={p.provider} id={`add-${p.provider}`} title={`Add a ${PROVIDER_NAMES[p.provider] ?? p.provider} connector`} description="A production connector takes live credentials and carries real money; a sandbox connector sends a merchant's sandbox traffic to the provider's test mode instead of the simulator.">
            <ActionForm action={addConnectorAction} submitLabel="Add connector" pendingLabel="Adding…" label={`Add a ${PROVIDER_NAMES[p.provider] ?? p.provider} connector`} className="grid max-w-2xl gap-4">
              <input type="hidden" name="provider" value={p.provider} />
              <TextField id={`add-${p.provider}-name`} name="name" label="Name" required maxLength={100} hint="How operators recognise it, e.g. “Stripe EU live”." />
              <SelectField id={`add-${p.provider}-environment`} name="environment" label="Environment" options={[{ value: "production", label: "Production" }, { value: "sandbox", label: "Sandbox (the provider's test mode)" }]} />
              <CredentialFields idPrefix={`add-${p.provider}`} fields={p.credentialFields} required />
              <TextField id={`add-${p.provider}-api-base`} name="apiBase" label="API base (optional)" placeholder="https://egress.internal:8443" hint="Send the provider's requests to an egress proxy instead of the provider: an https origin (http only for this machine)." />
            </ActionForm>
          </Section>
        ))}
      </div>
    </>
  );
}
