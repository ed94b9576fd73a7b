"use client";
// The identity form of the hosted KYC page. Works without JavaScript: the
// server renders the action's answer (useActionState with a server action).
import { useActionState } from "react";
import { FormAlert } from "@/components/checkout/form-alert";
import { FormField } from "@/components/checkout/form-field";
import { ui } from "@/components/checkout/styles";
import { SubmitButton } from "@/components/checkout/submit-button";
import type { KycFormState } from "./form-state";

export interface VerificationFormProps {
  action: (state: KycFormState, form: FormData) => Promise<KycFormState>;
  prefill: Record<string, string>;
}

const DOCUMENTS = [
  ["passport", "Passport"],
  ["id_card", "National ID card"],
  ["driving_licence", "Driving licence"],
] as const;

export function VerificationForm({ action, prefill }: VerificationFormProps) {
  const [state, formAction] = useActionState(action, {});
  const value = (name: string) => state.values?.[name] ?? prefill[name] ?? "";
  const err = state.errors ?? {};
  return (
    <form action={formAction} noValidate className="space-y-4">
      {state.alert ? <FormAlert title="Verification not submitted" message={state.alert} /> : null}
      {Object.keys(err).length > 0 ? <FormAlert title="Please correct the fields marked below" /> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="kyc-first-name" name="firstName" label="First name" autoComplete="given-name" defaultValue={value("firstName")} error={err.firstName} aria-required />
        <FormField id="kyc-last-name" name="lastName" label="Last name" autoComplete="family-name" defaultValue={value("lastName")} error={err.lastName} aria-required />
      </div>
      <FormField id="kyc-dob" name="dob" type="date" label="Date of birth" autoComplete="bday" defaultValue={value("dob")} error={err.dob} aria-required />
      <FormField id="kyc-country" name="country" label="Country" hint="Two-letter code of the country that issued your document, e.g. DE" autoComplete="country" maxLength={2} defaultValue={value("country")} error={err.country} aria-required />
      <div>
        <label htmlFor="kyc-document-type" className={ui.label}>
          Document type
        </label>
        <select id="kyc-document-type" name="documentType" defaultValue={value("documentType") || "passport"} className={`mt-1 ${ui.input}`} aria-invalid={err.documentType ? true : undefined} aria-describedby={err.documentType ? "kyc-document-type-error" : undefined}>
          {DOCUMENTS.map(([v, label]) => (
            <option key={v} value={v}>
              {label}
            </option>
          ))}
        </select>
        {err.documentType ? (
          <p id="kyc-document-type-error" className={ui.error}>
            {err.documentType}
          </p>
        ) : null}
      </div>
      <FormField id="kyc-document-number" name="documentNumber" label="Document number" hint="Only the last 4 characters are kept." autoComplete="off" maxLength={40} error={err.documentNumber} aria-required />
      <SubmitButton pendingLabel="Submitting…">Submit verification</SubmitButton>
    </form>
  );
}
