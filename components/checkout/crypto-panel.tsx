// Crypto: the deposit address (selectable, and a copy button with
// JavaScript), the amount in the coin to send with its fiat value and rate,
// and a QR code with address and amount; the payment confirms on its own once
// the (simulated) network has seen it.
import { CHECKOUT_BUTTONS } from "@/lib/providers/sandbox/test-values";
import type { CheckoutTranslator } from "@/lib/checkout/i18n";
import type { CheckoutSession } from "@/lib/checkout/load-checkout-session";
import { cryptoInstructions } from "@/lib/checkout/payment-instructions";
import { CopyButton } from "./copy-button";
import { DetailsList } from "./details-list";
import { QrCode } from "./qr-code";
import { SandboxPanel } from "./sandbox-panel";
import { SettlingNotice } from "./settling-notice";
import { SubmitButton } from "./submit-button";
import { ui } from "./styles";

export interface CryptoPanelProps {
  session: CheckoutSession;
  t: CheckoutTranslator;
  amount: string;
  /** The outcome page, polled while the provider decides. */
  completePath: string;
  simulateFailure: () => Promise<void>;
}

export function CryptoPanel({ session, t, amount, completePath, simulateFailure }: CryptoPanelProps) {
  const { transaction } = session;
  const details = cryptoInstructions(transaction.id, transaction.amount, transaction.currency);
  return (
    <section aria-labelledby="method-heading">
      <h2 id="method-heading" className={ui.heading}>
        {t("crypto.heading")}
      </h2>
      <p className={`mt-1 mb-4 ${ui.muted}`}>{t("crypto.intro")}</p>
      <QrCode value={details.uri} label={t("crypto.qrAlt")} />
      <div className="mt-4">
        <DetailsList
          items={[
            ...(details.cryptoAmount && details.rate
              ? [
                  { label: t("crypto.amount"), value: details.cryptoAmount, mono: true },
                  { label: t("crypto.value"), value: amount },
                  { label: t("crypto.rate"), value: details.rate },
                ]
              : [{ label: t("crypto.amount"), value: amount }]),
            { label: t("crypto.address"), value: details.address, mono: true },
            { label: t("crypto.network"), value: details.network },
          ]}
        />
        <CopyButton value={details.address} label={t("crypto.copy")} copiedLabel={t("crypto.copied")} />
      </div>
      {session.state.step === "settling" ? <SettlingNotice title={t("crypto.waitingTitle")} body={t("crypto.waiting")} refreshLabel={t("settling.refresh")} checkHref={completePath} /> : null}
      {session.testMode ? (
        <SandboxPanel heading={t("sandbox.heading")} intro={t("sandbox.intro")}>
          <form action={simulateFailure}>
            <SubmitButton variant="dangerButton">{CHECKOUT_BUTTONS.cryptoFail}</SubmitButton>
          </form>
        </SandboxPanel>
      ) : null}
    </section>
  );
}
