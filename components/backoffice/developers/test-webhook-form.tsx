"use client";
import { useActionState } from "react";
import { TextField } from "@/components/ui/field";
import { SubmitButton } from "@/components/ui/submit-button";
import { type ActionState, IDLE } from "@/lib/backoffice/action-state";
import type { Environment } from "@/lib/generated/prisma/enums";
import { ActionMessage, fieldError } from "../action-message";

type TestAction = (prev: ActionState, formData: FormData) => Promise<ActionState>;

export function TestWebhookForm({ merchantId, environment, action }: { merchantId: string; environment: Environment; action: TestAction }) {
  const [state, formAction] = useActionState<ActionState, FormData>(action, IDLE);
  const values = state.status === "error" ? state.values : undefined;
  return (
    <form action={formAction} className="space-y-3" aria-label="Send a test webhook">
      <input type="hidden" name="merchantId" value={merchantId} />
      <input type="hidden" name="environment" value={environment} />
      <div className="flex flex-wrap items-start gap-3">
        <TextField
          id="test-webhook-url"
          name="url"
          type="url"
          label="Webhook URL"
          placeholder="https://example.com/webhooks/sluice"
          required
          maxLength={2048}
          defaultValue={values?.url}
          error={fieldError(state, "url")}
          frameClassName="min-w-[18rem] flex-1"
          hint={environment === "production" ? "Production webhooks go to https URLs on the public internet only." : "Any http(s) URL your receiver listens on."}
        />
        <div className="pt-6">
          <SubmitButton pendingLabel="Sending…">Send test webhook</SubmitButton>
        </div>
      </div>
      <ActionMessage state={state} />
    </form>
  );
}
