"use client";
import { useActionState } from "react";
import { TextField } from "@/components/ui/field";
import { SubmitButton } from "@/components/ui/submit-button";
import { type ActionState, IDLE } from "@/lib/backoffice/action-state";
import { ActionMessage, fieldError } from "./action-message";

export function AcceptInvitationForm({ token, email, existingUser, action }: { token: string; email: string; existingUser: boolean; action: (prev: ActionState, formData: FormData) => Promise<ActionState> }) {
  const [state, formAction] = useActionState<ActionState, FormData>(action, IDLE);
  const values = state.status === "error" ? state.values : undefined;
  return (
    <form action={formAction} className="space-y-4">
      <input type="hidden" name="token" value={token} />
      <ActionMessage state={state} />
      <TextField name="email" label="Email" value={email} readOnly autoComplete="username" hint="The invitation is for this address." />
      {existingUser ? (
        <TextField name="password" type="password" label="Password" autoComplete="current-password" required hint="You already have a Sluice login: confirm it with your password." error={fieldError(state, "password")} />
      ) : (
        <>
          <TextField name="name" label="Your name" autoComplete="name" maxLength={200} defaultValue={values?.name} error={fieldError(state, "name")} />
          <TextField name="password" type="password" label="Password" autoComplete="new-password" required minLength={10} hint="At least 10 characters." error={fieldError(state, "password")} />
          <TextField name="passwordConfirmation" type="password" label="Repeat password" autoComplete="new-password" required error={fieldError(state, "passwordConfirmation")} />
        </>
      )}
      <SubmitButton pendingLabel="Joining…">Accept invitation</SubmitButton>
    </form>
  );
}
