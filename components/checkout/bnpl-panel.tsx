// Buy now, pay later: the instalment plans for this amount, then the
// (simulated) lender's decision.
import { CHECKOUT_BUTTONS } from "@/lib/providers/sandbox/test-values";
import type { CheckoutFormState } from "@/lib/checkout/form-state";
import type { CheckoutTranslator } from "@/lib/checkout/i18n";
import { instalmentPlans } from "@/lib/checkout/instalment-plans";
import type { CheckoutSession } from "@/lib/checkout/load-checkout-session";
import { formatMoney } from "@/lib/schema/currencies";
import { BnplForm } from "./bnpl-form";
import { ui } from "./styles";

export interface BnplPanelProps {
  session: CheckoutSession;
  t: CheckoutTranslator;
  amount: string;
  approve: (state: CheckoutFormState, formData: FormData) => Promise<CheckoutFormState>;
  decline: () => Promise<void>;
}

export function BnplPanel({ session, t, amount, approve, decline }: BnplPanelProps) {
  const { transaction, locale } = session;
  const money = (minor: bigint) => formatMoney(minor, transaction.currency, locale.tag);
  const plans = instalmentPlans(transaction.amount).map((plan) => ({
    id: plan.id,
    label: `${t("bnpl.plan", { count: plan.count, instalment: money(plan.each) })}, ${t(plan.interval === "monthly" ? "bnpl.planMonthly" : "bnpl.planBiweekly")}`,
    detail: t("bnpl.firstToday", { amount: money(plan.first) }),
  }));
  return (
    <section aria-labelledby="method-heading">
      <h2 id="method-heading" className={ui.heading}>
        {t("bnpl.heading")}
      </h2>
      <p className={`mt-1 mb-4 ${ui.muted}`}>{t("bnpl.intro", { amount })}</p>
      <BnplForm
        approve={approve}
        decline={decline}
        plans={plans}
        text={{
          choosePlan: t("bnpl.choosePlan"),
          approve: CHECKOUT_BUTTONS.bnplApprove,
          decline: CHECKOUT_BUTTONS.bnplDecline,
          processing: t("card.processing"),
          sandboxHeading: t("sandbox.heading"),
          sandboxIntro: t("sandbox.intro"),
        }}
      />
    </section>
  );
}
