"use client";
// The card form. Without JavaScript it is a plain form posting to its server
// action and the server's answer is rendered as HTML; with JavaScript it adds
// brand detection, number formatting, and Luhn, expiry and CVC checks as you
// type (the same checks the server makes: lib/checkout/validate-card-fields.ts).
// The card number and CVC live only in this component's state and the POST.
import { useActionState, useState, type FormEvent } from "react";
import { cardBrand, formatCardNumber, type CardBrand } from "@/lib/schema/card";
import type { CheckoutFormState } from "@/lib/checkout/form-state";
import { cvcLength, validateCardNumber, validateCvc, validateExpiry, validateName, type CardField, type CardFieldError } from "@/lib/checkout/validate-card-fields";
import { FormAlert } from "./form-alert";
import { FormField } from "./form-field";
import { SubmitButton } from "./submit-button";

export interface CardFormText {
  cardNumber: string;
  expiry: string;
  expiryHint: string;
  cvc: string;
  cvcHint: string;
  name: string;
  pay: string;
  processing: string;
  errorSummary: string;
  errors: Record<CardFieldError, string>;
  /** cvcInvalid for a 4-digit code (American Express). */
  cvcInvalid4: string;
  /** Visible brand names, "" for unknown. */
  brandNames: Record<CardBrand, string>;
  /** Screen-reader announcement of the detected brand, per brand. */
  brandAnnouncements: Record<CardBrand, string>;
}

export interface CardFormProps {
  action: (state: CheckoutFormState, formData: FormData) => Promise<CheckoutFormState>;
  initialState: CheckoutFormState;
  text: CardFormText;
}

const FIELDS: CardField[] = ["cardNumber", "expiry", "cvc", "name"];

/** "1228" → "12/28" while typing; deleting past the slash removes it. */
function formatExpiry(value: string): string {
  const digits = value.replace(/\D/g, "").slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

export function CardForm({ action, initialState, text }: CardFormProps) {
  const [state, formAction] = useActionState(action, initialState);
  const [values, setValues] = useState<Record<CardField, string>>({ cardNumber: "", expiry: initialState.values?.expiry ?? "", cvc: "", name: initialState.values?.name ?? "" });
  // A field's client verdict: a code, null (checked or edited: hide the server's message), or absent (show the server's).
  const [checks, setChecks] = useState<Partial<Record<CardField, CardFieldError | null>>>({});
  const [answered, setAnswered] = useState(state);

  // A new answer from the server replaces what the client had concluded.
  if (answered !== state) {
    setAnswered(state);
    setChecks({});
  }

  const brand = cardBrand(values.cardNumber);
  const check = (field: CardField, v: Record<CardField, string> = values): CardFieldError | null => {
    switch (field) {
      case "cardNumber":
        return validateCardNumber(v.cardNumber);
      case "expiry":
        return validateExpiry(v.expiry);
      case "cvc":
        return validateCvc(v.cvc, v.cardNumber);
      case "name":
        return validateName(v.name);
    }
  };
  const message = (code: CardFieldError) => (code === "cvcInvalid" && cvcLength(brand) === 4 ? text.cvcInvalid4 : text.errors[code]);
  const errorOf = (field: CardField): string | undefined => {
    const verdict = checks[field];
    if (verdict === undefined) return state.errors?.[field];
    return verdict ? message(verdict) : undefined;
  };

  const change = (field: CardField, raw: string) => {
    const value = field === "cardNumber" ? formatCardNumber(raw) : field === "expiry" ? formatExpiry(raw) : field === "cvc" ? raw.replace(/\D/g, "").slice(0, 4) : raw;
    setValues((v) => ({ ...v, [field]: value }));
    setChecks((c) => ({ ...c, [field]: null }));
  };
  const blur = (field: CardField) => {
    if (values[field].trim() !== "") setChecks((c) => ({ ...c, [field]: check(field) }));
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    const verdicts = Object.fromEntries(FIELDS.map((f) => [f, check(f)])) as Record<CardField, CardFieldError | null>;
    const firstInvalid = FIELDS.find((f) => verdicts[f]);
    if (!firstInvalid) return;
    // Nothing is sent: the customer fixes the fields first, starting with the first one in error.
    event.preventDefault();
    setChecks(verdicts);
    (event.currentTarget.elements.namedItem(firstInvalid) as HTMLInputElement | null)?.focus();
  };

  const field = (name: CardField) => ({
    name,
    value: values[name],
    error: errorOf(name),
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => change(name, e.target.value),
    onBlur: () => blur(name),
  });
  const serverErrors = state.errors && Object.keys(state.errors).length > 0 && Object.values(checks).every((c) => c === undefined);

  return (
    <form action={formAction} onSubmit={submit} noValidate className="space-y-4">
      <input type="hidden" name="attempts" value={state.attempts ?? 0} />
      {state.alert ? <FormAlert {...state.alert} /> : null}
      {serverErrors ? <FormAlert title={text.errorSummary} /> : null}
      <FormField
        id="card-number"
        label={text.cardNumber}
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        maxLength={23}
        aria-required
        adornment={
          text.brandNames[brand] ? (
            <span aria-hidden className="rounded border border-slate-400 px-1.5 py-0.5 text-xs font-semibold uppercase tracking-wide text-slate-700 dark:border-slate-500 dark:text-slate-200">
              {text.brandNames[brand]}
            </span>
          ) : null
        }
        {...field("cardNumber")}
      />
      <p aria-live="polite" className="sr-only">
        {text.brandAnnouncements[brand]}
      </p>
      <div className="grid grid-cols-2 items-start gap-3">
        <FormField id="card-expiry" label={text.expiry} hint={text.expiryHint} inputMode="numeric" autoComplete="cc-exp" placeholder={text.expiryHint} maxLength={7} aria-required {...field("expiry")} />
        <FormField id="card-cvc" label={text.cvc} describedBy="card-cvc-help" inputMode="numeric" autoComplete="cc-csc" placeholder={"•".repeat(cvcLength(brand))} maxLength={4} aria-required {...field("cvc")} />
      </div>
      <p id="card-cvc-help" className="-mt-2 text-sm text-slate-600 dark:text-slate-400">
        {text.cvcHint}
      </p>
      <FormField id="card-name" label={text.name} autoComplete="cc-name" maxLength={100} aria-required {...field("name")} />
      <SubmitButton pendingLabel={text.processing}>{text.pay}</SubmitButton>
    </form>
  );
}
