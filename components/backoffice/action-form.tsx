"use client";
// A form bound to a server action, for forms whose fields are rendered on the
// server (current values as defaults). It submits in a transition instead of
// through React's form action, so the fields keep what the person typed when
// the server answers with an error, and it shows the outcome above the button.
import { startTransition, useActionState } from "react";
import { Button, type ButtonSize, type ButtonVariant } from "@/components/ui/button";
import { type ActionState, IDLE } from "@/lib/backoffice/action-state";
import { ActionMessage } from "./action-message";

export interface ActionFormProps {
  action: (prev: ActionState, formData: FormData) => Promise<ActionState>;
  submitLabel: React.ReactNode;
  pendingLabel?: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
  /** Accessible name of the form, when a page has several alike. */
  label?: string;
  children?: React.ReactNode;
}

export function ActionForm({ action, submitLabel, pendingLabel = "Saving…", variant = "primary", size = "md", className = "space-y-4", label, children }: ActionFormProps) {
  const [state, formAction, pending] = useActionState<ActionState, FormData>(action, IDLE);
  return (
    <form
      action={formAction}
      aria-label={label}
      className={className}
      onSubmit={(event) => {
        event.preventDefault();
        const data = new FormData(event.currentTarget);
        startTransition(() => formAction(data));
      }}
    >
      {children}
      <ActionMessage state={state} />
      <div>
        <Button type="submit" variant={variant} size={size} disabled={pending}>
          {pending ? pendingLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}
