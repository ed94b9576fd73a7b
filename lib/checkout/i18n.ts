// Languages of the hosted checkout (SPEC §12): the sale's `locale` is a BCP 47
// tag chosen by the merchant. Texts come from messages/<language>.json
// through use-intl (ICU message syntax, the core of next-intl); numbers,
// amounts and times are formatted with the full tag, so `de-CH` reads Swiss
// German amounts with German texts. Anything unsupported or malformed falls
// back to English.
import { createTranslator } from "use-intl/core";
import de from "@/messages/de.json";
import en from "@/messages/en.json";
import es from "@/messages/es.json";
import fr from "@/messages/fr.json";

export const CHECKOUT_LANGUAGES = ["en", "de", "es", "fr"] as const;
export type CheckoutLanguage = (typeof CHECKOUT_LANGUAGES)[number];

/** English is the reference: every other file must have the same keys (tests/checkout/messages.test.ts). */
export type Messages = typeof en;

const MESSAGES: Record<CheckoutLanguage, Messages> = { en, de, es, fr };

export interface CheckoutLocale {
  /** Language of the texts, one of CHECKOUT_LANGUAGES. */
  language: CheckoutLanguage;
  /** Canonical BCP 47 tag for number, currency and date formatting. */
  tag: string;
}

const FALLBACK: CheckoutLocale = { language: "en", tag: "en" };

function isLanguage(value: string): value is CheckoutLanguage {
  return (CHECKOUT_LANGUAGES as readonly string[]).includes(value);
}

export function resolveLocale(requested: string | null | undefined): CheckoutLocale {
  if (!requested) return FALLBACK;
  try {
    const [tag] = Intl.getCanonicalLocales(requested);
    if (!tag) return FALLBACK;
    const language = new Intl.Locale(tag).language;
    return isLanguage(language) ? { language, tag } : FALLBACK;
  } catch {
    // RangeError: not a well-formed language tag.
    return FALLBACK;
  }
}

export function checkoutTranslator(locale: CheckoutLocale) {
  return createTranslator({ locale: locale.tag, messages: MESSAGES[locale.language], namespace: "checkout" });
}

export type CheckoutTranslator = ReturnType<typeof checkoutTranslator>;

export function messagesFor(language: CheckoutLanguage): Messages {
  return MESSAGES[language];
}
