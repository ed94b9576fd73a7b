// Bank transfer: the details to pay to, with the reference that matches the
// payment; once the customer has paid, a waiting notice until it arrives.
import { CHECKOUT_BUTTONS } from "@/lib/providers/sandbox/test-values";
import type { CheckoutTranslator } from "@/lib/checkout/i18n";
import type { CheckoutSession } from "@/lib/checkout/load-checkout-session";
import { bankTransferInstructions } from "@/lib/checkout/payment-instructions";
import { DetailsList } from "./details-list";
import { SandboxPanel } from "./sandbox-panel";
import { SettlingNotice } from "./settling-notice";
import { SubmitButton } from "./submit-button";
import { ui } from "./styles";

export interface BankTransferPanelProps {
  session: CheckoutSession;
  t: CheckoutTranslator;
  amount: string;
  /** The outcome page, polled while the provider decides. */
  completePath: string;
  reportPaid: () => Promise<void>;
  simulateFailure: () => Promise<void>;
}

export function BankTransferPanel({ session, t, amount, completePath, reportPaid, simulateFailure }: BankTransferPanelProps) {
  const details = bankTransferInstructions(session.transaction.id);
  const settling = session.state.step === "settling";
  return (
    <section aria-labelledby="method-heading">
      <h2 id="method-heading" className={ui.heading}>
        {t("bankTransfer.heading")}
      </h2>
      <p className={`mt-1 mb-4 ${ui.muted}`}>{t("bankTransfer.intro")}</p>
      <DetailsList
        items={[
          { label: t("bankTransfer.amount"), value: amount },
          { label: t("bankTransfer.reference"), value: details.reference, mono: true },
          { label: t("bankTransfer.beneficiary"), value: details.beneficiary },
          { label: t("bankTransfer.iban"), value: details.iban, mono: true },
          { label: t("bankTransfer.bic"), value: details.bic, mono: true },
        ]}
      />
      <p className={`mt-2 ${ui.muted}`}>{t("bankTransfer.referenceNote")}</p>
      {settling ? (
        <SettlingNotice title={t("bankTransfer.waitingTitle")} body={t("bankTransfer.waiting")} refreshLabel={t("settling.refresh")} checkHref={completePath} />
      ) : session.testMode ? null : (
        <p className={`mt-4 ${ui.muted}`}>{t("bankTransfer.productionNote", { merchant: session.merchantName })}</p>
      )}
      {session.testMode ? (
        <SandboxPanel heading={t("sandbox.heading")} intro={t("sandbox.intro")}>
          {settling ? null : (
            <form action={reportPaid}>
              <SubmitButton>{CHECKOUT_BUTTONS.bankTransferPaid}</SubmitButton>
            </form>
          )}
          <form action={simulateFailure}>
            <SubmitButton variant="dangerButton">{CHECKOUT_BUTTONS.bankTransferFail}</SubmitButton>
          </form>
        </SandboxPanel>
      ) : null}
    </section>
  );
}
