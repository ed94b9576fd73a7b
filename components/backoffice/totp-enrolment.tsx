"use client";
// The two steps of turning on TOTP: the password first (SPEC §20), then the
// QR code and key — shown only here, in the answer to that password — and the
// code from the app. The second step's action and state belong to the
// account page's panel, which shows the recovery codes it answers with.
import { useActionState } from "react";
import { TextField } from "@/components/ui/field";
import { SubmitButton } from "@/components/ui/submit-button";
import { type ActionState, IDLE } from "@/lib/backoffice/action-state";
import { ActionMessage, fieldError } from "./action-message";

type Started = { secret: string; qrDataUrl: string };

export function TotpEnrolment({
  start,
  confirm,
  confirmState,
}: {
  start: (prev: ActionState<Started>, formData: FormData) => Promise<ActionState<Started>>;
  confirm: (formData: FormData) => void;
  confirmState: ActionState<unknown>;
}) {
  const [state, startAction] = useActionState<ActionState<Started>, FormData>(start, IDLE);
  const started = state.status === "success" ? state.data : undefined;
  if (!started) {
    return (
      <form action={startAction} className="space-y-4">
        <ActionMessage state={state} />
        <TextField name="password" type="password" label="Password" autoComplete="current-password" required hint="Your Sluice password: a session alone cannot set up two-factor authentication." error={fieldError(state, "password")} />
        <SubmitButton pendingLabel="Checking…">Continue</SubmitButton>
      </form>
    );
  }
  return (
    <>
      <ol className="list-decimal space-y-4 pl-5 text-sm">
        <li>
          Scan this QR code with an authenticator app (1Password, Google Authenticator, Authy, …).
          {/* A data: URL made on the server for this enrolment only: nothing for next/image to fetch or optimise. */}
          {/* eslint-disable-next-line @next/next/no-img-element */}
          <img src={started.qrDataUrl} width={220} height={220} alt="QR code for your authenticator app" className="mt-3 rounded bg-white p-2" />
        </li>
        <li>
          Can’t scan? Enter this key by hand:
          <code className="mt-2 block break-all rounded bg-slate-100 px-2 py-1 font-mono text-sm dark:bg-slate-800" data-testid="totp-secret">
            {started.secret}
          </code>
        </li>
        <li>Enter the code the app shows to finish. You then get recovery codes for the day the phone is lost.</li>
      </ol>
      <form action={confirm} className="mt-6 space-y-4">
        <ActionMessage state={confirmState} />
        <TextField name="code" label="Authentication code" inputMode="numeric" autoComplete="one-time-code" required maxLength={7} hint="The 6-digit code your app shows for Sluice." error={fieldError(confirmState, "code")} />
        <SubmitButton pendingLabel="Checking…">Turn on two-factor authentication</SubmitButton>
      </form>
    </>
  );
}
