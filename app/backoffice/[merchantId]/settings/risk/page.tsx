import type { Metadata } from "next";
import { ActionForm } from "@/components/backoffice/action-form";
import { NoAccess } from "@/components/backoffice/no-access";
import { DateTime } from "@/components/ui/date-time";
import { EmptyState } from "@/components/ui/empty-state";
import { TextField } from "@/components/ui/field";
import { Section } from "@/components/ui/section";
import { getEnvironmentPreference } from "@/app/backoffice/_server/environment-preference";
import { requirePagePermission } from "@/app/backoffice/_server/session";
import { getRiskSettingsAsStaff } from "@/lib/backoffice/settings/get-risk-settings";
import { updateRiskSettingsAction } from "../actions";

export const metadata: Metadata = { title: "Risk and checkout" };

export default async function RiskSettingsPage({ params }: { params: Promise<{ merchantId: string }> }) {
  const { merchantId } = await params;
  const access = await requirePagePermission(merchantId, "settings.manage");
  if (!access) return <NoAccess page="Settings" roles="owners and admins" />;
  const environment = await getEnvironmentPreference(access.actor);
  const s = await getRiskSettingsAsStaff({ access, environment });
  const envLabel = environment === "sandbox" ? "sandbox" : "production";
  if (!s) return <EmptyState title="No settings for this environment">Contact the platform operator.</EmptyState>;
  const minor = "Minor units (cents)";

  return (
    <Section
      title={`Risk and checkout in ${envLabel}`}
      description={
        <>
          Thresholds for payouts and held transactions, and how long a checkout stays open. Amounts are integers of minor units, e.g. 100000 = 1,000.00. Last changed <DateTime value={s.updatedAt} />.
        </>
      }
    >
      <ActionForm action={updateRiskSettingsAction} submitLabel="Save risk and checkout settings" className="space-y-6">
        <input type="hidden" name="merchantId" value={merchantId} />
        <input type="hidden" name="environment" value={environment} />
        <fieldset className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <legend className="mb-2 text-sm font-semibold">Payouts</legend>
          <TextField name="kycThreshold" label="KYC required above" inputMode="numeric" defaultValue={s.kycThreshold.toString()} required hint={`${minor}. Larger payouts need a verified customer.`} />
          <TextField name="dailyLimitBasic" label="Daily limit, basic KYC" inputMode="numeric" defaultValue={s.dailyLimitBasic.toString()} required hint={`${minor} per customer per day.`} />
          <TextField name="dailyLimitEnhanced" label="Daily limit, enhanced KYC" inputMode="numeric" defaultValue={s.dailyLimitEnhanced.toString()} required hint={`${minor} per customer per day.`} />
        </fieldset>
        <fieldset className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <legend className="mb-2 text-sm font-semibold">Review and approvals</legend>
          <TextField name="reviewThreshold" label="Hold payouts from" inputMode="numeric" defaultValue={s.reviewThreshold.toString()} required hint={`${minor}. Payouts of this size wait for approval.`} />
          <TextField name="velocityLimit" label="Payouts per customer per hour" inputMode="numeric" defaultValue={String(s.velocityLimit)} required hint="More than this are held for review." />
          <TextField name="saleReviewThreshold" label="Hold sales above" inputMode="numeric" defaultValue={s.saleReviewThreshold?.toString() ?? ""} hint={`${minor}. Empty: sales are never held.`} />
          <TextField name="dualApprovalThreshold" label="Two approvers above" inputMode="numeric" defaultValue={s.dualApprovalThreshold.toString()} required hint={`${minor}. Larger held payouts need two different approvers.`} />
        </fieldset>
        <fieldset className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <legend className="mb-2 text-sm font-semibold">Checkout</legend>
          <TextField name="checkoutExpiryMinutes" label="Checkout expires after (minutes)" inputMode="numeric" defaultValue={String(s.checkoutExpiryMinutes)} required hint="From 5 to 10080 (7 days)." />
          <TextField
            name="authorizationValidityDays"
            label="Authorizations can be captured for (days)"
            inputMode="numeric"
            defaultValue={String(s.authorizationValidityDays)}
            required
            hint="From 1 to 30. A hold not captured in time lapses; applies to holds placed from now on."
          />
        </fieldset>
        <TextField name="reason" label="Reason for the change (for the audit log)" maxLength={500} frameClassName="max-w-lg" />
      </ActionForm>
    </Section>
  );
}
