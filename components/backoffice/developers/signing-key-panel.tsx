"use client";
// The webhook signing key: reveal (shows the current secret) and rotate
// (issues a new one; the previous keeps signing during the grace period).
import { useActionState } from "react";
import { TextField } from "@/components/ui/field";
import { OneTimeSecret } from "@/components/ui/one-time-secret";
import { SubmitButton } from "@/components/ui/submit-button";
import { type ActionState, IDLE, stateIn } from "@/lib/backoffice/action-state";
import type { Environment } from "@/lib/generated/prisma/enums";
import { ActionMessage } from "../action-message";
import { ReauthFields } from "../reauth-fields";

/** A signing key in clear text, and the environment it signs for. */
export type RevealedSecret = { secret: string; environment: Environment };
type SecretAction = (prev: ActionState<RevealedSecret>, formData: FormData) => Promise<ActionState<RevealedSecret>>;

export function SigningKeyPanel({ merchantId, environment, totpEnabled, reveal, rotate }: { merchantId: string; environment: Environment; totpEnabled: boolean; reveal: SecretAction; rotate: SecretAction }) {
  const [revealed, revealAction] = useActionState<ActionState<RevealedSecret>, FormData>(reveal, IDLE);
  const [rotated, rotateAction] = useActionState<ActionState<RevealedSecret>, FormData>(rotate, IDLE);
  // A key of the other environment is never shown under this one's name.
  const revealState = stateIn(revealed, environment);
  const rotateState = stateIn(rotated, environment);
  const production = environment === "production";
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <form action={revealAction} className="space-y-3">
        <h3 className="text-sm font-semibold">Reveal</h3>
        <input type="hidden" name="merchantId" value={merchantId} />
        <input type="hidden" name="environment" value={environment} />
        {production ? <ReauthFields idPrefix="reveal" totpEnabled={totpEnabled} state={revealState} /> : null}
        {revealState.status === "success" && revealState.data ? (
          <OneTimeSecret title="Webhook signing key" value={revealState.data.secret} note="Use it to verify the X-Sluice-Signature and webhook-signature headers. This reveal was recorded in the audit log." />
        ) : (
          <ActionMessage state={revealState} />
        )}
        <SubmitButton variant="secondary" pendingLabel="Revealing…">
          Reveal signing key
        </SubmitButton>
      </form>
      <form action={rotateAction} className="space-y-3">
        <h3 className="text-sm font-semibold">Rotate</h3>
        <input type="hidden" name="merchantId" value={merchantId} />
        <input type="hidden" name="environment" value={environment} />
        <p className="text-sm text-slate-600 dark:text-slate-400">A new key signs from now on. For 24 hours webhooks also carry a signature with the previous key, so your receiver can switch without missing events.</p>
        <TextField id="rotate-reason" name="reason" label="Reason (for the audit log)" maxLength={500} />
        {production ? <ReauthFields idPrefix="rotate" totpEnabled={totpEnabled} state={rotateState} /> : null}
        {rotateState.status === "success" && rotateState.data ? (
          <OneTimeSecret title="New webhook signing key" value={rotateState.data.secret} note="Update your webhook receiver with this key within 24 hours." />
        ) : (
          <ActionMessage state={rotateState} />
        )}
        <SubmitButton variant="danger" pendingLabel="Rotating…">
          Rotate signing key
        </SubmitButton>
      </form>
    </div>
  );
}
