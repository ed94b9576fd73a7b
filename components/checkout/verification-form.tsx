"use client";
// The verification step of a card payment: one code, one button. Works
// without JavaScript like the card form (the server renders the action's answer).
import { useActionState } from "react";
import type { CheckoutFormState } from "@/lib/checkout/form-state";
import { FormAlert } from "./form-alert";
import { FormField } from "./form-field";
import { SubmitButton } from "./submit-button";

export interface VerificationFormProps {
  action: (state: CheckoutFormState, formData: FormData) => Promise<CheckoutFormState>;
  text: { code: string; codeHint: string; verify: string; processing: string };
}

export function VerificationForm({ action, text }: VerificationFormProps) {
  const [state, formAction] = useActionState(action, {});
  return (
    <form action={formAction} noValidate className="space-y-4">
      {state.alert ? <FormAlert {...state.alert} /> : null}
      <FormField
        id="verification-code"
        name="code"
        label={text.code}
        hint={text.codeHint}
        error={state.errors?.code}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={10}
        aria-required
        // The form is the page's only task once it is shown.
        autoFocus
      />
      <SubmitButton pendingLabel={text.processing}>{text.verify}</SubmitButton>
    </form>
  );
}
