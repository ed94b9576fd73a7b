"use server";
// Server actions of the hosted checkout. Thin (GUIDE.md §2): read the form,
// call one lib/checkout function, turn its result into a redirect or a form
// state in the customer's language. They work without JavaScript (the form
// posts to the page) and Next.js refuses a POST whose Origin is not this host
// (CSRF). The card number and CVC are read here, handed to payWithCard and
// dropped: they are never returned, logged or stored.
import { headers } from "next/headers";
import { redirect, RedirectType } from "next/navigation";
import { cancelCheckout } from "@/lib/checkout/cancel-checkout";
import type { CheckoutResult } from "@/lib/checkout/checkout-result";
import { CHECKOUT_BASE_HEADER, checkoutBaseFrom, checkoutPath } from "@/lib/checkout/checkout-urls";
import { confirmVerification } from "@/lib/checkout/confirm-verification";
import { findCheckoutLocale } from "@/lib/checkout/find-checkout";
import type { CheckoutFormState } from "@/lib/checkout/form-state";
import { checkoutTranslator, resolveLocale, type CheckoutTranslator } from "@/lib/checkout/i18n";
import { payWithCard } from "@/lib/checkout/pay-with-card";
import { continueToProvider } from "@/lib/checkout/provider-redirect";
import { approveBnpl, approveWallet, reportTransferSent, simulateDecline } from "@/lib/checkout/simulate-provider";
import { cvcLength, type CardFieldError } from "@/lib/checkout/validate-card-fields";
import { cardBrand } from "@/lib/schema/card";

/** A form value as a bounded string: anything else (files, absent) is "". */
function field(form: FormData, name: string, max = 200): string {
  const value = form.get(name);
  return typeof value === "string" ? value.slice(0, max) : "";
}

async function translator(token: string): Promise<CheckoutTranslator> {
  return checkoutTranslator(resolveLocale(await findCheckoutLocale(token)));
}

/**
 * Redirects for the results that change page; returns for those shown on the form. The payment
 * page is reached marked as waiting: the sale may finish between this answer and that page's
 * (an instant sandbox transfer, a confirmation arriving), and then the page sends the customer
 * on to the outcome and the shop instead of leaving them on "Payment complete".
 */
async function follow(token: string, result: CheckoutResult): Promise<Exclude<CheckoutResult, { kind: "finished" | "next" | "closed" }>> {
  const base = checkoutBaseFrom((await headers()).get(CHECKOUT_BASE_HEADER));
  if (result.kind === "finished") redirect(checkoutPath(base, token, "complete"), RedirectType.replace);
  if (result.kind === "next" || result.kind === "closed") redirect(`${checkoutPath(base, token)}?waiting=1`, RedirectType.replace);
  return result;
}

function fieldError(t: CheckoutTranslator, code: string, cardNumber: string): string {
  switch (code as CardFieldError | "invalidCode" | "invalidEmail" | "planRequired") {
    case "cvcInvalid":
      return t("card.errors.cvcInvalid", { digits: cvcLength(cardBrand(cardNumber)) });
    case "cardNumberRequired":
    case "cardNumberInvalid":
    case "expiryRequired":
    case "expiryInvalid":
    case "expiryPast":
    case "nameRequired":
      return t(`card.errors.${code as Exclude<CardFieldError, "cvcInvalid">}`);
    case "invalidCode":
      return t("verification.invalidCode");
    case "invalidEmail":
      return t("wallet.invalidEmail");
    case "planRequired":
      return t("bnpl.planRequired");
  }
}

/** The form state for a result shown on the form, in the customer's language. */
async function formState(token: string, result: Awaited<ReturnType<typeof follow>>, base: CheckoutFormState, cardNumber = ""): Promise<CheckoutFormState> {
  const t = await translator(token);
  switch (result.kind) {
    case "declined":
      return {
        ...base,
        attempts: result.attempts,
        alert: { title: t("decline.title"), message: t(`decline.${result.reason}`), hint: t("decline.attemptsLeft", { count: result.attemptsLeft }) },
      };
    case "wrong_code":
      return { ...base, errors: { code: t("verification.wrongCode", { count: result.triesLeft }) } };
    case "busy":
      return { ...base, alert: { title: t("decline.busy") } };
    case "invalid":
      return { ...base, errors: Object.fromEntries(Object.entries(result.errors).map(([name, code]) => [name, fieldError(t, code, cardNumber)])) };
  }
}

export async function payByCard(token: string, _previous: CheckoutFormState, form: FormData): Promise<CheckoutFormState> {
  const fields = { cardNumber: field(form, "cardNumber", 40), expiry: field(form, "expiry", 10), cvc: field(form, "cvc", 10), name: field(form, "name") };
  const attempts = Number.parseInt(field(form, "attempts", 3), 10);
  const expectedAttempts = Number.isInteger(attempts) && attempts >= 0 ? attempts : 0;
  const result = await follow(token, await payWithCard({ token, expectedAttempts, fields }));
  // Expiry and name may be shown again; the number and the CVC never are.
  return formState(token, result, { attempts: expectedAttempts, values: { expiry: fields.expiry, name: fields.name } }, fields.cardNumber);
}

export async function verifyCode(token: string, _previous: CheckoutFormState, form: FormData): Promise<CheckoutFormState> {
  const result = await follow(token, await confirmVerification({ token, code: field(form, "code", 20) }));
  return formState(token, result, {});
}

export async function approveWalletPayment(token: string, _previous: CheckoutFormState, form: FormData): Promise<CheckoutFormState> {
  const email = field(form, "email", 254);
  const result = await follow(token, await approveWallet({ token, email }));
  return formState(token, result, { values: { email } });
}

export async function approveBnplPayment(token: string, _previous: CheckoutFormState, form: FormData): Promise<CheckoutFormState> {
  const plan = field(form, "plan", 20);
  const result = await follow(token, await approveBnpl({ token, plan }));
  return formState(token, result, { values: { plan } });
}

/** Actions without a form state: whatever happens, the page shows where things stand. */
async function thenShowPage(token: string, result: CheckoutResult): Promise<void> {
  await follow(token, result.kind === "finished" ? result : { kind: "next" });
}

export async function cancelPayment(token: string): Promise<void> {
  await thenShowPage(token, await cancelCheckout({ token }));
}

export async function simulateProviderDecline(token: string): Promise<void> {
  await thenShowPage(token, await simulateDecline({ token }));
}

/** "Continue to Klarna" (or to the bank): the payment goes to the merchant's connectors, the page forwards the customer. */
export async function continueToProviderPayment(token: string): Promise<void> {
  await thenShowPage(token, await continueToProvider({ token }));
}

export async function reportBankTransfer(token: string): Promise<void> {
  await thenShowPage(token, await reportTransferSent({ token }));
}
