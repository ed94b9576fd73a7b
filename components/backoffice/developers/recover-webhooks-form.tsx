"use client";
// Recover webhook deliveries after an outage: count first (a dry run), then
// queue what was counted. The second button appears only with a count of
// this environment, and only while the window is the one that was counted;
// it sends the count along, so the answer can say if the recovery (which
// counts again where it runs) found something else.
import { useActionState, useState } from "react";
import { SelectField, TextField } from "@/components/ui/field";
import { SubmitButton } from "@/components/ui/submit-button";
import { type ActionState, IDLE, stateIn } from "@/lib/backoffice/action-state";
import type { RecoverWebhooksResult } from "@/lib/backoffice/developers/recover-webhooks";
import type { Environment } from "@/lib/generated/prisma/enums";
import { ActionMessage, fieldError } from "../action-message";

type RecoverAction = (prev: ActionState<RecoverWebhooksResult>, formData: FormData) => Promise<ActionState<RecoverWebhooksResult>>;

export function RecoverWebhooksForm({ merchantId, environment, action, defaultSince }: { merchantId: string; environment: Environment; action: RecoverAction; defaultSince: string }) {
  const [raw, formAction] = useActionState<ActionState<RecoverWebhooksResult>, FormData>(action, IDLE);
  // A count is for the window it was made on: editing the window asks for a new count.
  const [edited, setEdited] = useState(false);
  const state = stateIn(raw, environment);
  const counted = !edited && state.status === "success" && state.data?.dryRun ? state.data.matched : 0;
  return (
    <form action={formAction} onChange={() => setEdited(true)} onSubmit={() => setEdited(false)} className="space-y-3" aria-label="Recover webhook deliveries">
      <input type="hidden" name="merchantId" value={merchantId} />
      <input type="hidden" name="environment" value={environment} />
      {counted > 0 ? <input type="hidden" name="counted" value={counted} /> : null}
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
