import type { Metadata } from "next";
import { ActionForm } from "@/components/backoffice/action-form";
import { NoAccess } from "@/components/backoffice/no-access";
import { Badge } from "@/components/ui/badge";
import { EmptyState } from "@/components/ui/empty-state";
import { SelectField, TextField } from "@/components/ui/field";
import { Section } from "@/components/ui/section";
import { getEnvironmentPreference } from "@/app/backoffice/_server/environment-preference";
import { requirePagePermission } from "@/app/backoffice/_server/session";
import { listPaymentMethodsAsStaff } from "@/lib/backoffice/settings/list-payment-methods";
import { updatePaymentMethodAction } from "../actions";

export const metadata: Metadata = { title: "Payment methods" };

export default async function PaymentMethodsPage({ params }: { params: Promise<{ merchantId: string }> }) {
  const { merchantId } = await params;
  const access = await requirePagePermission(merchantId, "settings.manage");
  if (!access) return <NoAccess page="Settings" roles="owners and admins" />;
  const environment = await getEnvironmentPreference(access.actor);
  const methods = await listPaymentMethodsAsStaff({ access, environment });
  const envLabel = environment === "sandbox" ? "sandbox" : "production";

  return (
    <Section
      title={`Payment methods in ${envLabel}`}
      description="Which methods your customers can use, in which currencies, and for which amounts. Amounts are in minor units (cents); leave a limit empty for none. Switch the environment in the header to edit the other one."
    >
      {methods.length === 0 ? (
        <EmptyState title={`No payment methods in ${envLabel} yet`}>
          {environment === "production" ? "Production methods appear once the platform operator connects a payment provider for your account." : "Sandbox methods are created with the account; contact the platform operator."}
        </EmptyState>
      ) : (
        <ul className="space-y-4">
          {methods.map((m) => (
            <li key={m.id} className="rounded-md border border-slate-200 p-4 dark:border-slate-700">
              <div className="mb-3 flex flex-wrap items-center gap-2">
                <h3 className="font-semibold">{m.name}</h3>
                <code className="font-mono text-xs text-slate-600 dark:text-slate-400">
                  {m.slug} · {m.id}
                </code>
                {m.enabled ? <Badge tone="success">Enabled</Badge> : <Badge>Disabled</Badge>}
                <span className="text-xs text-slate-600 dark:text-slate-400">{m.actions.join(" and ")} · provider {m.provider}</span>
              </div>
              <ActionForm action={updatePaymentMethodAction} submitLabel={`Save ${m.name}`} size="sm" label={m.name} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5 lg:items-end">
                <input type="hidden" name="merchantId" value={merchantId} />
                <input type="hidden" name="methodId" value={m.id} />
                <SelectField
                  id={`${m.id}-enabled`}
                  name="enabled"
                  label="Status"
                  defaultValue={String(m.enabled)}
                  options={[
                    { value: "true", label: "Enabled" },
                    { value: "false", label: "Disabled" },
                  ]}
                />
                <TextField id={`${m.id}-currencies`} name="currencies" label="Currencies" defaultValue={m.currencies.join(", ")} required hint="ISO codes, comma-separated" />
                <TextField id={`${m.id}-min`} name="minAmount" label="Minimum amount" inputMode="numeric" defaultValue={m.minAmount?.toString() ?? ""} hint="Minor units" />
                <TextField id={`${m.id}-max`} name="maxAmount" label="Maximum amount" inputMode="numeric" defaultValue={m.maxAmount?.toString() ?? ""} hint="Minor units" />
              </ActionForm>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
