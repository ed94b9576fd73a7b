// An unknown or malformed checkout token (SPEC §12): a 404 that says what
// happened without revealing anything about other payments.
import { StatePanel } from "@/components/checkout/state-panel";
import { checkoutTranslator, resolveLocale } from "@/lib/checkout/i18n";

export default function CheckoutNotFound() {
  const locale = resolveLocale(null);
  const t = checkoutTranslator(locale);
  return (
    <div lang={locale.tag} className="min-h-screen bg-slate-100 px-3 py-6 sm:py-12 dark:bg-slate-950">
      <main className="mx-auto w-full max-w-md rounded-xl bg-white px-5 py-8 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-700">
        <StatePanel headingLevel="h1" tone="neutral" title={t("notFound.title")} body={t("notFound.body")} />
      </main>
    </div>
  );
}
