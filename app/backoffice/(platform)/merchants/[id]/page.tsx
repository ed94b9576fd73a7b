import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { ActionForm } from "@/components/backoffice/action-form";
import { Badge } from "@/components/ui/badge";
import { DateTime } from "@/components/ui/date-time";
import { SelectField, TextField } from "@/components/ui/field";
import { PageHeader, Section } from "@/components/ui/section";
import { Table, TBody, Td, Th, THead } from "@/components/ui/table";
import { AppError } from "@/lib/errors";
import { getMerchantDetail } from "@/lib/backoffice/merchants/get-merchant-detail";
import { getMerchantRouting, ROUTE_FORM_SLOTS } from "@/lib/backoffice/merchants/merchant-routes";
import { requireOperatorPage } from "@/app/backoffice/_server/session";
import { ResetTwoFactorForm } from "@/components/backoffice/settings/reset-two-factor-form";
import { resetTwoFactorAsOperatorAction, setMerchantActiveAction, setMerchantRouteAction, updateMerchantLimitsAction } from "../actions";

export const metadata: Metadata = { title: "Merchant" };

async function load(actor: Awaited<ReturnType<typeof requireOperatorPage>>, merchantId: string) {
  try {
    return await getMerchantDetail({ actor, merchantId });
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found") notFound();
    throw error;
  }
}

export default async function MerchantDetailPage({ params }: { params: Promise<{ id: string }> }) {
  const actor = await requireOperatorPage();
  const { id } = await params;
  const m = await load(actor, id);
  const routing = await getMerchantRouting({ actor, merchantId: m.id });
  const connectorOptions = [{ value: "", label: "None" }, ...routing.connectors.filter((c) => c.enabled).map((c) => ({ value: c.id, label: `${c.name} (${c.environment}, ${c.provider}, ${c.id})` }))];
  return (
    <>
      <PageHeader
        title={m.name}
        description={
          <>
            <code className="font-mono">{m.id}</code> · {m.domain} · created <DateTime value={m.createdAt} /> · {m.memberCount} team member{m.memberCount === 1 ? "" : "s"}
          </>
        }
        actions={
          <Link href={`/backoffice/${m.id}/overview`} className="text-sm underline">
            Open this merchant’s back office
          </Link>
        }
      />
      <div className="space-y-6">
        <Section
          title="Status"
          description="A deactivated merchant’s API writes are refused with 403 in both environments; reads keep working and its team can still sign in. The reason is recorded in the audit log."
          actions={m.isActive ? <Badge tone="success">Active</Badge> : <Badge tone="danger">Deactivated</Badge>}
        >
          <ActionForm action={setMerchantActiveAction} submitLabel={m.isActive ? "Deactivate merchant" : "Activate merchant"} pendingLabel="Saving…" variant={m.isActive ? "danger" : "primary"} className="max-w-lg space-y-3">
            <input type="hidden" name="merchantId" value={m.id} />
            <input type="hidden" name="active" value={String(!m.isActive)} />
            <TextField name="reason" label={m.isActive ? "Reason (required)" : "Reason"} required={m.isActive} maxLength={500} />
          </ActionForm>
        </Section>
        <Section title="API rate limits" description="Per API key on payment endpoints, per minute and per second. The environment-wide limits are raised to at least these values. Leave a field empty to keep it.">
          <Table caption="Current rate limits">
            <THead>
              <Th>Environment</Th>
              <Th>Per key, per minute</Th>
              <Th>Per key, per second</Th>
              <Th>Environment, per minute</Th>
              <Th>Environment, per second</Th>
            </THead>
            <TBody>
              {m.limits.map((l) => (
                <tr key={l.environment}>
                  <Td>{l.environment}</Td>
                  <Td>{l.keyPerMinute}</Td>
                  <Td>{l.keyPerSecond}</Td>
                  <Td>{l.envPerMinute}</Td>
                  <Td>{l.envPerSecond}</Td>
                </tr>
              ))}
            </TBody>
          </Table>
          <ActionForm action={updateMerchantLimitsAction} submitLabel="Save rate limits" className="mt-4 grid max-w-2xl gap-4 sm:grid-cols-3 sm:items-end">
            <input type="hidden" name="merchantId" value={m.id} />
            <TextField name="ratePerMinute" label="Requests per minute" inputMode="numeric" hint="Per key, 1 to 1000000" />
            <TextField name="burstPerSecond" label="Burst per second" inputMode="numeric" hint="Per key, 1 to 1000000" />
            <TextField name="reason" label="Reason" maxLength={500} />
          </ActionForm>
        </Section>
        <Section id="routing" title="Routing" description="Where this merchant's payments of each method go: the connectors in order of preference (the next is tried only when the provider certainly did not take the payment), optionally only for some currencies or an amount range. In production a method is offered only once it has a route; in sandbox a route replaces the simulator with the provider's test mode.">
          {(["production", "sandbox"] as const).map((environment) => (
            <div key={environment} className="mb-4">
              <h3 className="mb-2 text-sm font-semibold capitalize">{environment}</h3>
              {routing.routes[environment].length === 0 ? (
                <p className="text-sm text-slate-600 dark:text-slate-400">{environment === "production" ? "No routes: no production method is offered." : "No routes: the simulator serves every sandbox method."}</p>
              ) : (
                <Table caption={`Routes in ${environment}`}>
                  <THead>
                    <Th>Method</Th>
                    <Th>When</Th>
                    <Th>Connectors, in order</Th>
                  </THead>
                  <TBody>
                    {routing.routes[environment].map((r) => (
                      <tr key={`${r.method}:${r.currencies.join(",")}:${r.minAmount}:${r.maxAmount}`}>
                        <Td className="font-mono">{r.method}</Td>
                        <Td>
                          {r.currencies.length ? r.currencies.join(", ") : "Any currency"}
                          {r.minAmount !== null || r.maxAmount !== null ? `, amount ${r.minAmount ?? 1} to ${r.maxAmount ?? "any"} (minor units)` : ""}
                        </Td>
                        <Td>
                          <ol className="list-decimal pl-4">
                            {r.connectors.map((c) => (
                              <li key={c.id}>
                                {c.name} <span className="font-mono text-xs">{c.id}</span> {c.enabled ? null : <Badge tone="danger">Disabled</Badge>}
                              </li>
                            ))}
                          </ol>
                        </Td>
                      </tr>
                    ))}
                  </TBody>
                </Table>
              )}
            </div>
          ))}
          <ActionForm action={setMerchantRouteAction} submitLabel="Save route" label="Set a route" className="grid max-w-3xl gap-4 sm:grid-cols-2">
            <input type="hidden" name="merchantId" value={m.id} />
            <SelectField id="route-environment" name="environment" label="Environment" options={[{ value: "production", label: "Production" }, { value: "sandbox", label: "Sandbox" }]} />
            <SelectField id="route-method" name="method" label="Method" options={routing.methods.map((slug) => ({ value: slug, label: slug }))} />
            {Array.from({ length: ROUTE_FORM_SLOTS }, (_, i) => (
              <SelectField key={i} id={`route-connector${i + 1}`} name={`connector${i + 1}`} label={["First connector", "Then (failover)", "Then (last)"][i] ?? `Connector ${i + 1}`} options={connectorOptions} />
            ))}
            <TextField id="route-currencies" name="currencies" label="Only for currencies (optional)" placeholder="EUR, USD" hint="Empty: any currency." />
            <TextField id="route-min" name="minAmount" label="Minimum amount (optional)" inputMode="numeric" hint="Minor units: 1000 is 10.00 EUR." />
            <TextField id="route-max" name="maxAmount" label="Maximum amount (optional)" inputMode="numeric" hint="Minor units." />
            <p className="text-sm sm:col-span-2">The same environment, method and condition set again replaces that route; all connectors “None” removes it.</p>
          </ActionForm>
        </Section>
        <Section title="Team" description="A person who lost their authenticator cannot sign in. After checking who they are, reset their two-factor authentication: their sessions end and they set up a new authenticator at their next sign-in. The reason goes into the audit log.">
          <Table caption="Team members and two-factor authentication">
            <THead>
              <Th>Member</Th>
              <Th>Role</Th>
              <Th>Two-factor</Th>
            </THead>
            <TBody>
              {m.members.map((member) => (
                <tr key={member.id}>
                  <Td>
                    <div className="font-medium">{member.user.name || member.user.email}</div>
                    {member.user.name ? <div className="text-xs text-slate-600 dark:text-slate-400">{member.user.email}</div> : null}
                  </Td>
                  <Td>{member.role}</Td>
                  <Td className="min-w-[14rem]">
                    {member.user.totpEnabledAt ? <Badge tone="success">On</Badge> : <Badge tone="warning">Off</Badge>}
                    {member.user.totpEnabledAt && member.user.id !== actor.id ? (
                      <ResetTwoFactorForm action={resetTwoFactorAsOperatorAction} merchantId={m.id} member={member} actorTotpEnabled={actor.totpEnabled} />
                    ) : null}
                  </Td>
                </tr>
              ))}
            </TBody>
          </Table>
        </Section>
      </div>
    </>
  );
}
