// A method the customer completes on the provider's page (Klarna, their bank:
// SPEC §21): one button, a plain form, so it works without JavaScript. The
// server action sends the payment to the merchant's connectors and the page
// then forwards the customer to the provider.
import type { CheckoutTranslator } from "@/lib/checkout/i18n";
import type { CheckoutSession } from "@/lib/checkout/load-checkout-session";
import { ui } from "./styles";
import { SubmitButton } from "./submit-button";

export function ProviderRedirectPanel({ session, t, amount, start }: { session: CheckoutSession; t: CheckoutTranslator; amount: string; start: () => Promise<void> }) {
  const destination = session.methodName;
  const lastDecline = session.state.step === "idle" ? session.state.lastDecline : undefined;
  return (
    <section aria-labelledby="method-heading">
      <h2 id="method-heading" className={ui.heading}>
        {t("wallet.heading", { wallet: destination })}
      </h2>
      <p className={`mt-1 mb-4 ${ui.muted}`}>{t("wallet.intro", { wallet: destination, amount })}</p>
      {lastDecline ? (
        <p role="alert" className={`mb-4 ${ui.muted}`}>
          {t("redirect.declined", { destination })} {t("decline.attemptsLeft", { count: session.attemptsLeft })}
        </p>
      ) : null}
      <form action={start}>
        <SubmitButton pendingLabel={t("card.processing")}>{t("redirect.continue", { destination })}</SubmitButton>
      </form>
    </section>
  );
}
