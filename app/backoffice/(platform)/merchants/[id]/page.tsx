import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { ActionForm } from "@/components/backoffice/action-form";
import { Badge } from "@/components/ui/badge";
import { DateTime } from "@/components/ui/date-time";
import { TextField } from "@/components/ui/field";
import { PageHeader, Section } from "@/components/ui/section";
import { Table, TBody, Td, Th, THead } from "@/components/ui/table";
import { AppError } from "@/lib/errors";
import { getMerchantDetail } from "@/lib/backoffice/merchants/get-merchant-detail";
import { requireOperatorPage } from "@/app/backoffice/_server/session";
import { ResetTwoFactorForm } from "@/components/backoffice/settings/reset-two-factor-form";
import { resetTwoFactorAsOperatorAction, setMerchantActiveAction, updateMerchantLimitsAction } from "../actions";

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
