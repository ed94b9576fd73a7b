// E-wallet: the customer approves the payment on the wallet's own page. In
// the sandbox that page is simulated (app/checkout/pay/[token]/wallet).
import type { CheckoutTranslator } from "@/lib/checkout/i18n";
import type { CheckoutSession } from "@/lib/checkout/load-checkout-session";
import { ui } from "./styles";

export function WalletPanel({ session, t, amount, walletPath }: { session: CheckoutSession; t: CheckoutTranslator; amount: string; walletPath: string }) {
  const wallet = session.methodName;
  return (
    <section aria-labelledby="method-heading">
      <h2 id="method-heading" className={ui.heading}>
        {t("wallet.heading", { wallet })}
      </h2>
      <p className={`mt-1 mb-4 ${ui.muted}`}>{t("wallet.intro", { wallet, amount })}</p>
      <a href={walletPath} className={ui.primaryButton}>
        {t("wallet.continue", { wallet })}
      </a>
    </section>
  );
}
