"use client";
import { useActionState } from "react";
import { TextField } from "@/components/ui/field";
import { SubmitButton } from "@/components/ui/submit-button";
import { type ActionState, IDLE } from "@/lib/backoffice/action-state";
import { ActionMessage, fieldError } from "./action-message";

export function TotpEnrolForm({ action }: { action: (prev: ActionState, formData: FormData) => Promise<ActionState> }) {
  const [state, formAction] = useActionState<ActionState, FormData>(action, IDLE);
  return (
    <form action={formAction} className="space-y-4">
      <ActionMessage state={state} />
      <TextField name="code" label="Authentication code" inputMode="numeric" autoComplete="one-time-code" required maxLength={7} hint="The 6-digit code your app shows for Sluice." error={fieldError(state, "code")} />
      <SubmitButton pendingLabel="Checking…">Turn on two-factor authentication</SubmitButton>
    </form>
  );
}
