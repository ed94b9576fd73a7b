// The frame of every hosted checkout page: who is being paid and how much,
// the time left, a clear test-mode marker in the sandbox, and the reassurance
// of who processes the payment. Mobile-first: one column, readable at 320 px.
// Reused by the KYC verification pages (app/checkout/verify), which show no amount.
import { checkoutTranslator, type CheckoutLocale } from "@/lib/checkout/i18n";
import { Countdown } from "./countdown";

export interface CheckoutShellProps {
  locale: CheckoutLocale;
  merchantName: string;
  /** The amount, already formatted for the locale; omitted on pages that take no payment. */
  amount?: string;
  orderId?: string;
  testMode: boolean;
  /** ISO timestamp; shows the time left when given. */
  expiresAt?: string | null;
  children: React.ReactNode;
}

function minutesLeft(expiresAt: string, locale: CheckoutLocale): string {
  const minutes = Math.max(1, Math.ceil((Date.parse(expiresAt) - Date.now()) / 60_000));
  return new Intl.NumberFormat(locale.tag, { style: "unit", unit: "minute", unitDisplay: "long" }).format(minutes);
}

export function CheckoutShell({ locale, merchantName, amount, orderId, testMode, expiresAt, children }: CheckoutShellProps) {
  const t = checkoutTranslator(locale);
  return (
    <div lang={locale.tag} className="min-h-screen bg-slate-100 px-3 py-6 sm:px-4 sm:py-12 dark:bg-slate-950">
      <div className="mx-auto w-full max-w-md">
        {testMode ? (
          <p className="mb-3 rounded-md border border-amber-400 bg-amber-100 px-3 py-2 text-sm text-amber-950 dark:border-amber-600 dark:bg-amber-950 dark:text-amber-100">
            <strong className="font-semibold uppercase tracking-wide">{t("testMode")}</strong> · {t("testModeNote")}
          </p>
        ) : null}
        <main className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-700">
          <header className="border-b border-slate-200 px-5 py-5 dark:border-slate-700">
            <h1 className="text-sm font-medium text-slate-700 dark:text-slate-300">{t("payTo", { merchant: merchantName })}</h1>
            {amount ? <p className="mt-1 text-3xl font-semibold tracking-tight text-slate-950 tabular-nums dark:text-white">{amount}</p> : null}
            {orderId ? <p className="mt-1 break-all text-sm text-slate-600 dark:text-slate-400">{t("orderReference", { orderId })}</p> : null}
            {expiresAt ? (
              <div className="mt-3">
                <Countdown expiresAt={expiresAt} label={t("timeLeft")} serverText={minutesLeft(expiresAt, locale)} />
              </div>
            ) : null}
          </header>
          <div className="px-5 py-5">{children}</div>
        </main>
        <footer className="mt-4 space-y-1 px-1 text-center text-xs text-slate-600 dark:text-slate-400">
          <p className="flex items-start justify-center gap-1.5">
            <svg aria-hidden viewBox="0 0 16 16" className="mt-0.5 h-3.5 w-3.5 flex-none fill-current">
              <path d="M8 1a3.5 3.5 0 0 0-3.5 3.5V6H4a1.5 1.5 0 0 0-1.5 1.5v6A1.5 1.5 0 0 0 4 15h8a1.5 1.5 0 0 0 1.5-1.5v-6A1.5 1.5 0 0 0 12 6h-.5V4.5A3.5 3.5 0 0 0 8 1Zm2 5H6V4.5a2 2 0 1 1 4 0V6Z" />
            </svg>
            <span>{t("secureNote", { merchant: merchantName })}</span>
          </p>
          <p className="font-medium">{t("poweredBy")}</p>
        </footer>
      </div>
    </div>
  );
}
