// The customer is expected on the provider's page (3-D Secure, a lender's or
// a bank's approval): this page sends them there by itself (script, or the
// meta refresh without it) and offers the link in case neither runs. They
// come back through the checkout's return URL.
import type { CheckoutTranslator } from "@/lib/checkout/i18n";
import { AutoRedirect } from "./auto-redirect";
import { ui } from "./styles";

export function ProviderRedirectNotice({ t, url, destination, amount }: { t: CheckoutTranslator; url: string; destination: string; amount: string }) {
  return (
    <section role="status" aria-labelledby="method-heading" className={ui.info}>
      <h2 id="method-heading" className="font-semibold">
        {t("redirect.title", { destination })}
      </h2>
      <p className="mt-1">{t("redirect.body", { amount })}</p>
      <p className="mt-3">
        <a href={url} className={ui.primaryButton}>
          {t("redirect.continue", { destination })}
        </a>
      </p>
      <AutoRedirect to={url} afterMs={500} />
    </section>
  );
}
