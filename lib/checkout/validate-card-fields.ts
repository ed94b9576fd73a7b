// Checks of the card form, shared by the server (the source of truth) and the
// form's client component (as-you-type feedback). Pure TypeScript: no server
// imports, so it is safe in the browser bundle. Returns error codes; the
// caller picks the message in the customer's language.
import { cardBrand, isExpired, luhnValid, type CardBrand } from "@/lib/schema/card";

export type CardField = "cardNumber" | "expiry" | "cvc" | "name";
export type CardFieldError = "cardNumberRequired" | "cardNumberInvalid" | "expiryRequired" | "expiryInvalid" | "expiryPast" | "cvcInvalid" | "nameRequired";

export interface CardFields {
  cardNumber: string;
  expiry: string;
  cvc: string;
  name: string;
}

interface ValidCard {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
  holderName: string;
}

export type CardValidation = { ok: true; card: ValidCard } | { ok: false; errors: Partial<Record<CardField, CardFieldError>> };

const NAME_MAX_LENGTH = 100;
/** Cards are not issued for longer than this; a later year is a typo. */
const MAX_YEARS_AHEAD = 20;

/** American Express uses a 4-digit code on the front; the others 3 on the back. */
export function cvcLength(brand: CardBrand): number {
  return brand === "amex" ? 4 : 3;
}

/** "MM/YY", "MM / YY", "MMYY" or "MM/YYYY" → month and four-digit year. */
export function parseExpiry(value: string): { month: number; year: number } | null {
  const m = value.replace(/\s/g, "").match(/^(\d{1,2})\/?(\d{2}|\d{4})$/);
  if (!m) return null;
  const month = Number(m[1]);
  const year = m[2]!.length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  return month >= 1 && month <= 12 ? { month, year } : null;
}

export function validateCardNumber(value: string): CardFieldError | null {
  const digits = value.replace(/[\s-]/g, "");
  if (digits === "") return "cardNumberRequired";
  return /^\d+$/.test(digits) && luhnValid(digits) ? null : "cardNumberInvalid";
}

export function validateExpiry(value: string, now = new Date()): CardFieldError | null {
  if (value.trim() === "") return "expiryRequired";
  const parsed = parseExpiry(value);
  if (!parsed || parsed.year > now.getUTCFullYear() + MAX_YEARS_AHEAD) return "expiryInvalid";
  return isExpired(parsed.month, parsed.year, now) ? "expiryPast" : null;
}

export function validateCvc(value: string, number: string): CardFieldError | null {
  return new RegExp(`^\\d{${cvcLength(cardBrand(number))}}$`).test(value.trim()) ? null : "cvcInvalid";
}

export function validateName(value: string): CardFieldError | null {
  const name = value.trim();
  return name.length > 0 && name.length <= NAME_MAX_LENGTH ? null : "nameRequired";
}

export function validateCardFields(fields: CardFields, now = new Date()): CardValidation {
  const errors: Partial<Record<CardField, CardFieldError>> = {};
  const put = (field: CardField, error: CardFieldError | null) => {
    if (error) errors[field] = error;
  };
  put("cardNumber", validateCardNumber(fields.cardNumber));
  put("expiry", validateExpiry(fields.expiry, now));
  put("cvc", validateCvc(fields.cvc, fields.cardNumber));
  put("name", validateName(fields.name));
  const expiry = parseExpiry(fields.expiry);
  if (Object.keys(errors).length > 0 || !expiry) return { ok: false, errors };
  return {
    ok: true,
    card: { number: fields.cardNumber.replace(/\D/g, ""), expMonth: expiry.month, expYear: expiry.year, cvc: fields.cvc.trim(), holderName: fields.name.trim() },
  };
}
