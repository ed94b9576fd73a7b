"use client";
// Approve or reject one held transaction. The form carries the updatedAt the
// page was rendered with: if the transaction changed since (another approval,
// a cancel), the server refuses and the form says so, with a reload button —
// no decision on stale data. The authentication code is asked of approvers
// who have two-factor authentication on.
import { useRouter } from "next/navigation";
import { startTransition, useActionState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { type ActionState, IDLE } from "@/lib/backoffice/action-state";
import type { DecisionResult } from "@/lib/backoffice/approvals/decide-hold";
import { fieldError } from "../action-message";

export interface DecisionFormProps {
  action: (prev: ActionState<DecisionResult>, formData: FormData) => Promise<ActionState<DecisionResult>>;
  merchantId: string;
  environment: string;
  transactionId: string;
  /** ISO updatedAt the page showed. */
  seenUpdatedAt: string;
  /** For the form's accessible name, e.g. the order id. */
  subject: string;
  totpEnabled: boolean;
  /** Re-render the page after a decision (the transaction page shows the new status). */
  refreshOnSuccess?: boolean;
  /** Told the decision once it is made (the queue's card updates its badge). */
  onDecided?: (result: DecisionResult) => void;
}

export function DecisionForm({ action, merchantId, environment, transactionId, seenUpdatedAt, subject, totpEnabled, refreshOnSuccess = false, onDecided }: DecisionFormProps) {
  const router = useRouter();
  const [state, formAction, pending] = useActionState<ActionState<DecisionResult>, FormData>(async (prev, data) => {
    const next = await action(prev, data);
    if (next.status === "success" && next.data) onDecided?.(next.data);
    if (next.status === "success" && refreshOnSuccess) router.refresh();
    return next;
  }, IDLE);
  const id = (name: string) => `${transactionId}-${name}`;

  if (state.status === "success") {
    return (
      <div className="space-y-2">
        <Alert tone="success">{state.message}</Alert>
        {refreshOnSuccess ? null : (
          <Button variant="ghost" size="sm" onClick={() => router.refresh()}>
            Refresh the list
          </Button>
        )}
      </div>
    );
  }
  const stale = state.status === "error" && state.field === "seenUpdatedAt";
  return (
    <form
      aria-label={`Decision on ${subject}`}
      className="space-y-3"
      onSubmit={(event) => {
        event.preventDefault();
        const submitter = (event.nativeEvent as SubmitEvent).submitter;
        const data = new FormData(event.currentTarget, submitter);
        startTransition(() => formAction(data));
      }}
    >
      <input type="hidden" name="merchantId" value={merchantId} />
      <input type="hidden" name="environment" value={environment} />
      <input type="hidden" name="transactionId" value={transactionId} />
      <input type="hidden" name="seenUpdatedAt" value={seenUpdatedAt} />
      <TextField id={id("reason")} name="reason" label="Reason (required)" required maxLength={500} error={fieldError(state, "reason")} />
      {totpEnabled ? (
        <TextField id={id("code")} name="code" label="Authentication code" hint="Needed to approve." inputMode="numeric" autoComplete="one-time-code" pattern="[0-9 ]{6,7}" error={fieldError(state, "code")} frameClassName="max-w-[12rem]" />
      ) : null}
      {state.status === "error" && !fieldError(state, "reason") && !fieldError(state, "code") ? (
        <Alert tone="error">
          {state.message}
          {stale ? (
            <div className="mt-2">
              <Button variant="secondary" size="sm" onClick={() => router.refresh()}>
                Reload
              </Button>
            </div>
          ) : null}
        </Alert>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" name="decision" value="approve" disabled={pending}>
          {pending ? "Saving…" : "Approve"}
        </Button>
        <Button type="submit" name="decision" value="reject" variant="danger" disabled={pending}>
          Reject
        </Button>
      </div>
    </form>
  );
}
