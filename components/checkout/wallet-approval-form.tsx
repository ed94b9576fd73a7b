"use client";
// The sandbox's stand-in for an e-wallet's own approval page: the wallet
// account's e-mail, then Approve or Decline (names fixed by /docs/sandbox).
import { useActionState } from "react";
import type { CheckoutFormState } from "@/lib/checkout/form-state";
import { FormAlert } from "./form-alert";
import { FormField } from "./form-field";
import { SubmitButton } from "./submit-button";

export interface WalletApprovalFormProps {
  approve: (state: CheckoutFormState, formData: FormData) => Promise<CheckoutFormState>;
  decline: () => Promise<void>;
  defaultEmail: string;
  text: { email: string; emailHint: string; approve: string; decline: string; processing: string };
}

export function WalletApprovalForm({ approve, decline, defaultEmail, text }: WalletApprovalFormProps) {
  const [state, formAction] = useActionState(approve, {});
  return (
    <form action={formAction} noValidate className="space-y-4">
      {state.alert ? <FormAlert {...state.alert} /> : null}
      <FormField
        id="wallet-email"
        name="email"
        type="email"
        label={text.email}
        hint={text.emailHint}
        error={state.errors?.email}
        defaultValue={state.values?.email ?? defaultEmail}
        autoComplete="email"
        maxLength={254}
        aria-required
      />
      <div lang="en" className="grid grid-cols-2 gap-3">
        <SubmitButton pendingLabel={text.processing}>{text.approve}</SubmitButton>
        <SubmitButton variant="dangerButton" formAction={decline}>
          {text.decline}
        </SubmitButton>
      </div>
    </form>
  );
}
