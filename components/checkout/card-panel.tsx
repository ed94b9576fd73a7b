// The card method: the card form, or the verification step the bank asked
// for, with the reason of a previous decline when there was one.
import type { CheckoutFormState } from "@/lib/checkout/form-state";
import type { CheckoutTranslator } from "@/lib/checkout/i18n";
import type { CheckoutSession } from "@/lib/checkout/load-checkout-session";
import type { CardBrand } from "@/lib/schema/card";
import { SANDBOX_VERIFICATION_CODE } from "@/lib/providers/sandbox/test-cards";
import { CardForm, type CardFormText } from "./card-form";
import { SettlingNotice } from "./settling-notice";
import { ui } from "./styles";
import { VerificationForm } from "./verification-form";

type FormAction = (state: CheckoutFormState, formData: FormData) => Promise<CheckoutFormState>;

const BRAND_NAMES: Record<CardBrand, string> = { visa: "Visa", mastercard: "Mastercard", amex: "American Express", discover: "Discover", unknown: "" };

function cardFormText(t: CheckoutTranslator): CardFormText {
  const announce = (brand: CardBrand) => (BRAND_NAMES[brand] ? t("card.brand", { brand: BRAND_NAMES[brand] }) : "");
  return {
    cardNumber: t("card.cardNumber"),
    expiry: t("card.expiry"),
    expiryHint: t("card.expiryHint"),
    cvc: t("card.cvc"),
    cvcHint: t("card.cvcHint"),
    name: t("card.name"),
    pay: t("card.pay"),
    processing: t("card.processing"),
    errorSummary: t("card.errorSummary"),
    errors: {
      cardNumberRequired: t("card.errors.cardNumberRequired"),
      cardNumberInvalid: t("card.errors.cardNumberInvalid"),
      expiryRequired: t("card.errors.expiryRequired"),
      expiryInvalid: t("card.errors.expiryInvalid"),
      expiryPast: t("card.errors.expiryPast"),
      cvcInvalid: t("card.errors.cvcInvalid", { digits: 3 }),
      nameRequired: t("card.errors.nameRequired"),
    },
    cvcInvalid4: t("card.errors.cvcInvalid", { digits: 4 }),
    brandNames: BRAND_NAMES,
    brandAnnouncements: { visa: announce("visa"), mastercard: announce("mastercard"), amex: announce("amex"), discover: announce("discover"), unknown: "" },
  };
}

export interface CardPanelProps {
  session: CheckoutSession;
  t: CheckoutTranslator;
  amount: string;
  pay: FormAction;
  verify: FormAction;
  /** The outcome page, polled while the provider decides. */
  completePath: string;
}

export function CardPanel({ session, t, amount, pay, verify, completePath }: CardPanelProps) {
  const { state, transaction } = session;
  if (state.step === "settling" || state.step === "authorizing") {
    return <SettlingNotice title={t("card.processing")} body={t("decline.busy")} refreshLabel={t("settling.refresh")} checkHref={completePath} />;
  }
  if (state.step === "verification" || state.step === "confirming") {
    const card = transaction.cardLast4 ? `${BRAND_NAMES[(transaction.cardBrand ?? "unknown") as CardBrand] || ""} •••• ${transaction.cardLast4}`.trim() : "";
    const hint = session.testMode ? `${t("verification.codeHint")} ${t("verification.sandboxHint", { code: SANDBOX_VERIFICATION_CODE })}` : t("verification.codeHint");
    return (
      <section aria-labelledby="method-heading">
        <h2 id="method-heading" className={ui.heading}>
          {t("verification.heading")}
        </h2>
        <p className={`mt-1 mb-4 ${ui.muted}`}>{t("verification.intro", { amount, card })}</p>
        <VerificationForm action={verify} text={{ code: t("verification.code"), codeHint: hint, verify: t("verification.verify"), processing: t("card.processing") }} />
      </section>
    );
  }
  const initialState: CheckoutFormState = { attempts: transaction.checkoutAttempts };
  if (state.step === "idle" && state.lastDecline) {
    initialState.alert = { title: t("decline.title"), message: t(`decline.${state.lastDecline.code}`), hint: t("decline.attemptsLeft", { count: session.attemptsLeft }) };
  }
  return (
    <section aria-labelledby="method-heading">
      <h2 id="method-heading" className={`${transaction.action === "AUTHORIZE" ? "mb-1" : "mb-4"} ${ui.heading}`}>
        {t("card.heading")}
      </h2>
      {/* SPEC §17: an authorization holds the amount now; the merchant's capture charges it. */}
      {transaction.action === "AUTHORIZE" ? <p className={`mb-4 ${ui.muted}`}>{t("card.authorizeNotice", { amount, merchant: session.merchantName })}</p> : null}
      <CardForm action={pay} initialState={initialState} text={cardFormText(t)} />
    </section>
  );
}
