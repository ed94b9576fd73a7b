"use client";
// Invite by e-mail. Sluice has no mail server, so the link is shown here,
// once, for the inviter to send; the page says so before anyone clicks.
import { useActionState } from "react";
import { SelectField, TextField } from "@/components/ui/field";
import { OneTimeSecret } from "@/components/ui/one-time-secret";
import { SubmitButton } from "@/components/ui/submit-button";
import { type ActionState, IDLE } from "@/lib/backoffice/action-state";
import { ActionMessage, fieldError } from "../action-message";

type InviteAction = (prev: ActionState<{ url: string; email: string }>, formData: FormData) => Promise<ActionState<{ url: string; email: string }>>;

export function InviteForm({ merchantId, roles, action }: { merchantId: string; roles: { value: string; label: string }[]; action: InviteAction }) {
  const [state, formAction] = useActionState<ActionState<{ url: string; email: string }>, FormData>(action, IDLE);
  const values = state.status === "error" ? state.values : undefined;
  return (
    <div className="space-y-4">
      {state.status === "success" && state.data ? (
        <OneTimeSecret title={`Invitation link for ${state.data.email}`} value={state.data.url} note="Send this link to your teammate yourself (Sluice does not send e-mail). It works once, for 7 days, and is not shown again." />
      ) : (
        <ActionMessage state={state} />
      )}
      <form action={formAction} className="grid gap-4 sm:grid-cols-3 sm:items-end">
        <input type="hidden" name="merchantId" value={merchantId} />
        <TextField id="invite-email" name="email" type="email" label="Email" required maxLength={254} defaultValue={values?.email} error={fieldError(state, "email")} />
        <SelectField id="invite-role" name="role" label="Role" defaultValue={values?.role ?? "VIEWER"} options={roles} error={fieldError(state, "role")} />
        <div>
          <SubmitButton pendingLabel="Creating link…">Create invitation link</SubmitButton>
        </div>
      </form>
    </div>
  );
}
