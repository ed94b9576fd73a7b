"use client";
// Recover webhook deliveries after an outage: count first (a dry run), then
// queue exactly what was counted. The second button appears only with a
// count, and submits the same window.
import { useActionState } from "react";
import { SelectField, TextField } from "@/components/ui/field";
import { SubmitButton } from "@/components/ui/submit-button";
import { type ActionState, IDLE } from "@/lib/backoffice/action-state";
import type { Environment } from "@/lib/generated/prisma/enums";
import { ActionMessage, fieldError } from "../action-message";

export type RecoverResult = { matched: number; queued: number; dryRun: boolean };
type RecoverAction = (prev: ActionState<RecoverResult>, formData: FormData) => Promise<ActionState<RecoverResult>>;

export function RecoverWebhooksForm({ merchantId, environment, action, defaultSince }: { merchantId: string; environment: Environment; action: RecoverAction; defaultSince: string }) {
  const [state, formAction] = useActionState<ActionState<RecoverResult>, FormData>(action, IDLE);
  const counted = state.status === "success" && state.data?.dryRun ? state.data.matched : 0;
  return (
    <form action={formAction} className="space-y-3" aria-label="Recover webhook deliveries">
      <input type="hidden" name="merchantId" value={merchantId} />
      <input type="hidden" name="environment" value={environment} />
      <div className="flex flex-wrap items-start gap-3">
        <TextField id="recover-since" name="since" type="datetime-local" label="Since (UTC)" required defaultValue={defaultSince} error={fieldError(state, "since")} frameClassName="w-60" hint="At most 30 days ago." />
        <TextField id="recover-until" name="until" type="datetime-local" label="Until (UTC, optional)" error={fieldError(state, "until")} frameClassName="w-60" hint="Empty: until now." />
        <SelectField
          id="recover-status"
          name="status"
          label="Deliveries"
          options={[
            { value: "failed", label: "Failed for good" },
            { value: "all", label: "Failed and delivered" },
          ]}
          defaultValue="failed"
          frameClassName="w-56"
        />
      </div>
      <ActionMessage state={state} />
      <div className="flex flex-wrap gap-3">
        <SubmitButton name="intent" value="count" variant="secondary" pendingLabel="Counting…">
          Count matching deliveries
        </SubmitButton>
        {counted > 0 ? (
          <SubmitButton name="intent" value="recover" pendingLabel="Queuing…">
            {`Recover ${counted} ${counted === 1 ? "delivery" : "deliveries"}`}
          </SubmitButton>
        ) : null}
      </div>
    </form>
  );
}
