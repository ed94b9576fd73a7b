"use server";
// The hosted KYC form's server action (SPEC §7). Thin: read the form, call
// submitKycVerification, answer field errors or go back to the page, which
// then shows where the verification stands. The full document number is
// read here and handed on; only its last 4 characters are ever stored.
import { headers } from "next/headers";
import { redirect, RedirectType } from "next/navigation";
import { CHECKOUT_BASE_HEADER, checkoutBaseFrom } from "@/lib/checkout/checkout-urls";
import { AppError } from "@/lib/errors";
import { ZKycSubmission } from "@/lib/kyc/schemas";
import { submitKycVerification } from "@/lib/kyc/submit-kyc-verification";
import type { KycFormState } from "./form-state";

const FIELDS = ["firstName", "lastName", "dob", "country", "documentType", "documentNumber"] as const;

export async function submitVerification(token: string, _state: KycFormState, form: FormData): Promise<KycFormState> {
  const raw = Object.fromEntries(FIELDS.map((f) => [f, String(form.get(f) ?? "").trim().slice(0, 100)]));
  const values = { ...raw, documentNumber: "" };
  const parsed = ZKycSubmission.safeParse({ ...raw, country: raw.country?.toUpperCase() });
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
    return { errors, values };
  }
  try {
    await submitKycVerification({ token, submission: parsed.data });
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return { alert: err.message, values };
  }
  // The page again, under the prefix the customer's browser sees (shared host or a dedicated checkout host).
  const base = checkoutBaseFrom((await headers()).get(CHECKOUT_BASE_HEADER));
  redirect(`${base}/verify/${encodeURIComponent(token)}`, RedirectType.replace);
}
