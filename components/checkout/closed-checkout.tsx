// What a checkout shows once there is nothing left to pay (SPEC §12): the
// outcome in plain words and the way back to the merchant. On the outcome
// page right after paying it also sends the customer on by itself.
import { DECLINE_REASONS, type DeclineReason } from "@/lib/checkout/checkout-state";
import type { CheckoutTranslator } from "@/lib/checkout/i18n";
import type { CheckoutSession } from "@/lib/checkout/load-checkout-session";
import type { TransactionStatus } from "@/lib/generated/prisma/enums";
import { AutoRedirect } from "./auto-redirect";
import { StatePanel, type PanelTone } from "./state-panel";

type Wording = {
  tone: PanelTone;
  title: "successTitle" | "authorizedTitle" | "declinedTitle" | "canceledTitle" | "expiredTitle" | "heldTitle";
  body: "successBody" | "authorizedBody" | "declinedBody" | "canceledBody" | "expiredBody" | "heldBody";
};

function wordingFor(status: TransactionStatus, authorized: boolean): Wording {
  // An authorization whose hold is placed (SPEC §17): the customer is done; the charge comes with the merchant's capture.
  if (status === "PROCESSING" && authorized) return { tone: "success", title: "authorizedTitle", body: "authorizedBody" };
  switch (status) {
    case "SUCCESS":
      return { tone: "success", title: "successTitle", body: "successBody" };
    case "DECLINED":
      return { tone: "failure", title: "declinedTitle", body: "declinedBody" };
    case "CANCELED":
      return { tone: "neutral", title: "canceledTitle", body: "canceledBody" };
    case "EXPIRED":
      return { tone: "neutral", title: "expiredTitle", body: "expiredBody" };
    case "CREATED":
    case "PROCESSING":
    case "WAIT_APPROVE":
      return { tone: "neutral", title: "heldTitle", body: "heldBody" };
    default: {
      const unreachable: never = status;
      throw new Error(`Unknown status ${unreachable as string}`);
    }
  }
}

const isReason = (code: string | null): code is DeclineReason => code !== null && (DECLINE_REASONS as readonly string[]).includes(code);

/** How long the outcome is shown before the customer is taken back. */
const REDIRECT_AFTER_MS = 1_000;

export function ClosedCheckout({ session, t, amount, redirect }: { session: CheckoutSession; t: CheckoutTranslator; amount: string; redirect: boolean }) {
  const { transaction, merchantName } = session;
  const wording = wordingFor(transaction.status, transaction.authorizedAt !== null);
  const values = { amount, merchant: merchantName };
  const goTo = redirect && session.outcomeUrl ? session.outcomeUrl : null;
  const link = goTo ? { href: goTo, label: t("state.continue", values) } : session.returnUrl ? { href: session.returnUrl, label: t("state.returnTo", values) } : null;
  return (
    <StatePanel tone={wording.tone} title={t(`state.${wording.title}`)} body={t(`state.${wording.body}`, values)} link={link}>
      {transaction.status === "DECLINED" && isReason(transaction.declineCode) ? <p className="mt-2 text-sm font-medium text-slate-800 dark:text-slate-200">{t(`decline.${transaction.declineCode}`)}</p> : null}
      {goTo ? (
        <>
          <p role="status" className="mt-4 text-sm text-slate-600 dark:text-slate-400">
            {t("state.redirecting", values)}
          </p>
          <AutoRedirect to={goTo} afterMs={REDIRECT_AFTER_MS} />
        </>
      ) : null}
    </StatePanel>
  );
}
