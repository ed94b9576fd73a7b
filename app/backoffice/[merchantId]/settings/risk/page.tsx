import type { Metadata } from "next";
import { ActionForm } from "@/components/backoffice/action-form";
import { NoAccess } from "@/components/backoffice/no-access";
import { Alert } from "@/components/ui/alert";
import { DateTime } from "@/components/ui/date-time";
import { EmptyState } from "@/components/ui/empty-state";
import { TextField } from "@/components/ui/field";
import { Section } from "@/components/ui/section";
import { getEnvironmentPreference } from "@/app/backoffice/_server/environment-preference";
import { requirePagePermission } from "@/app/backoffice/_server/session";
import { getRiskSettingsAsStaff } from "@/lib/backoffice/settings/get-risk-settings";
import { formatRiskAmount, riskAmountInCurrencies, type RiskAmountUnit } from "@/lib/backoffice/settings/risk-amounts";
import { reviewReach } from "@/lib/risk/review-reach";
import { updateRiskSettingsAction } from "../actions";

export const metadata: Metadata = { title: "Risk and checkout" };

/** What the page says the amounts are: major units, one number for every currency, and what it means in each. */
function AmountsNote({ unit }: { unit: RiskAmountUnit }) {
  const example = unit.digits === 0 ? "100000" : `1,000.${"0".repeat(unit.digits)}`;
  return (
    <p className="text-sm">
      Amounts are in major units, like {example}. Sluice converts no currencies: each amount applies to a payment in that payment’s own currency
      {unit.currencies.length > 0 ? (
        <>
          , so {formatRiskAmount(100_000n, unit)} here means {riskAmountInCurrencies(100_000n, unit)}.
        </>
      ) : (
        <>. No payment method is enabled in this environment yet, so amounts are read with 2 decimals.</>
      )}{" "}
      A customer’s daily limit adds up their payouts of every currency the same way.
    </p>
  );
}

export default async function RiskSettingsPage({ params }: { params: Promise<{ merchantId: string }> }) {
  const { merchantId } = await params;
  const access = await requirePagePermission(merchantId, "settings.manage");
  if (!access) return <NoAccess page="Settings" roles="owners and admins" />;
  const environment = await getEnvironmentPreference(access.actor);
  const found = await getRiskSettingsAsStaff({ access, environment });
  const envLabel = environment === "sandbox" ? "sandbox" : "production";
  if (!found) return <EmptyState title="No settings for this environment">Contact the platform operator.</EmptyState>;
  const { settings: s, unit } = found;
  const amount = (minor: bigint) => formatRiskAmount(minor, unit);
  const means = (minor: bigint) => (unit.currencies.length > 0 ? `${riskAmountInCurrencies(minor, unit)}. ` : "");
  const reach = reviewReach(s);
  const amountField = { inputMode: "decimal" as const, required: true };

  return (
    <Section
      title={`Risk and checkout in ${envLabel}`}
      description={
        <>
          Thresholds for payouts and held transactions, and how long a checkout stays open. Last changed <DateTime value={s.updatedAt} />.
        </>
      }
    >
      <div className="mb-6 space-y-3">
        <AmountsNote unit={unit} />
        {/* Limits refuse a payout when it is made; screening holds it only afterwards (lib/risk/review-reach.ts). */}
        {reach.review === "enhanced_only" ? (
          <Alert tone="warning" title="Payouts above the basic daily limit are refused, not held for review">
            The review threshold ({amount(s.reviewThreshold)}) is above the daily limit of customers at the basic KYC level ({amount(s.dailyLimitBasic)}). Their larger payouts are refused with
            “Payout limit exceeded” when they are made, before screening could hold them, so review applies only to customers at the enhanced level, for payouts from {amount(s.reviewThreshold)} up to
            their limit of {amount(s.dailyLimitEnhanced)}. To have large payouts of basic customers reviewed instead, set the review threshold at or below the basic daily limit.
          </Alert>
        ) : null}
        {reach.review === "none" ? (
          <Alert tone="warning" title="No payout can ever be held for review">
            The review threshold ({amount(s.reviewThreshold)}) is above every daily limit (basic {amount(s.dailyLimitBasic)}, enhanced {amount(s.dailyLimitEnhanced)}): a payout that large is
            refused with “Payout limit exceeded” before screening could hold it. Set the review threshold at or below a daily limit.
          </Alert>
        ) : null}
        {reach.review !== "none" && !reach.dualApproval ? (
          <Alert tone="warning" title="No payout can need two approvers">
            Two approvers are needed above {amount(s.dualApprovalThreshold)}, but the highest daily limit is {amount(s.dailyLimitEnhanced)}: a payout that large is refused before it could be held.
            Set the threshold below the enhanced daily limit if the largest payouts should need two approvers.
          </Alert>
        ) : null}
      </div>
      <ActionForm action={updateRiskSettingsAction} submitLabel="Save risk and checkout settings" className="space-y-6">
        <input type="hidden" name="merchantId" value={merchantId} />
        <input type="hidden" name="environment" value={environment} />
        <input type="hidden" name="amountDigits" value={unit.digits} />
        <fieldset className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <legend className="mb-2 text-sm font-semibold">Payouts</legend>
          <TextField name="kycThreshold" label="KYC required above" {...amountField} defaultValue={amount(s.kycThreshold)} hint={`${means(s.kycThreshold)}Larger payouts need a verified customer.`} />
          <TextField name="dailyLimitBasic" label="Daily limit, basic KYC" {...amountField} defaultValue={amount(s.dailyLimitBasic)} hint={`${means(s.dailyLimitBasic)}Per customer per day.`} />
          <TextField name="dailyLimitEnhanced" label="Daily limit, enhanced KYC" {...amountField} defaultValue={amount(s.dailyLimitEnhanced)} hint={`${means(s.dailyLimitEnhanced)}Per customer per day.`} />
        </fieldset>
        <fieldset className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <legend className="mb-2 text-sm font-semibold">Review and approvals</legend>
          <TextField name="reviewThreshold" label="Hold payouts from" {...amountField} defaultValue={amount(s.reviewThreshold)} hint={`${means(s.reviewThreshold)}Payouts of this size wait for a platform operator’s approval.`} />
          <TextField name="velocityLimit" label="Payouts per customer per hour" inputMode="numeric" defaultValue={String(s.velocityLimit)} required hint="More than this are held for your admins’ or owners’ approval." />
          <TextField
            name="saleReviewThreshold"
            label="Hold sales above"
            inputMode="decimal"
            defaultValue={s.saleReviewThreshold === null ? "" : amount(s.saleReviewThreshold)}
            hint={s.saleReviewThreshold === null ? "Empty: sales are never held." : `${means(s.saleReviewThreshold)}Empty: sales are never held.`}
          />
          <TextField name="dualApprovalThreshold" label="Two approvers above" {...amountField} defaultValue={amount(s.dualApprovalThreshold)} hint={`${means(s.dualApprovalThreshold)}Larger held payouts need two different approvers.`} />
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
