"use client";
// The account page's two-factor panel: enrolment while it is off; the state,
// the recovery codes left and a new set of codes while it is on. It owns the
// actions that answer with recovery codes, so the codes stay on screen when
// the page re-renders around them (turning two-factor on re-issues this
// browser's session cookie, which re-renders the page as "on").
import { useActionState } from "react";
import { Alert } from "@/components/ui/alert";
import { TextField } from "@/components/ui/field";
import { SubmitButton } from "@/components/ui/submit-button";
import { type ActionState, IDLE } from "@/lib/backoffice/action-state";
import { ActionMessage, fieldError } from "./action-message";
import { RecoveryCodes } from "./recovery-codes";
import { TotpEnrolment } from "./totp-enrolment";

type Started = { secret: string; qrDataUrl: string };
type Codes = { recoveryCodes: string[] };

export interface TwoFactorPanelProps {
  enabled: boolean;
  /** Unused recovery codes (when enabled), of how many a set has. */
  recoveryCodesLeft: number;
  recoveryCodesPerSet: number;
  /** A notice above the panel's content, e.g. after a sign-in with a recovery code. */
  notice?: { title: string; text: string } | null;
  start: (prev: ActionState<Started>, formData: FormData) => Promise<ActionState<Started>>;
  confirm: (prev: ActionState<Codes>, formData: FormData) => Promise<ActionState<Codes>>;
  regenerate: (prev: ActionState<Codes>, formData: FormData) => Promise<ActionState<Codes>>;
}

export function TwoFactorPanel({ enabled, recoveryCodesLeft, recoveryCodesPerSet, notice, start, confirm, regenerate }: TwoFactorPanelProps) {
  const [confirmed, confirmAction] = useActionState<ActionState<Codes>, FormData>(confirm, IDLE);
  const [regenerated, regenerateAction] = useActionState<ActionState<Codes>, FormData>(regenerate, IDLE);

  if (confirmed.status === "success" && confirmed.data) {
    return <RecoveryCodes title="Two-factor authentication is on" note="From now on, signing in and issuing production secrets ask for a code from your app." codes={confirmed.data.recoveryCodes} />;
  }
  if (regenerated.status === "success" && regenerated.data) {
    return <RecoveryCodes title="New recovery codes" note={regenerated.message} codes={regenerated.data.recoveryCodes} />;
  }
  const noticeBox = notice ? (
    <div className="mb-4">
      <Alert tone="warning" title={notice.title}>
        {notice.text}
      </Alert>
    </div>
  ) : null;
  if (!enabled) {
    return (
      <>
        {noticeBox}
        <TotpEnrolment start={start} confirm={confirmAction} confirmState={confirmed} />
      </>
    );
  }
  return (
    <div className="space-y-6">
      {noticeBox}
      <p className="text-sm">
        Two-factor authentication is <strong>on</strong> for your account. Signing in asks for a code from your authenticator app, or one of your recovery codes if the app is lost.
      </p>
      <section aria-labelledby="recovery-codes-heading" className="space-y-3">
        <h2 id="recovery-codes-heading" className="text-base font-semibold">
          Recovery codes
        </h2>
        <p className="text-sm" data-testid="recovery-codes-left">
          {recoveryCodesLeft === 0 ? "You have no recovery codes left." : `${recoveryCodesLeft} of ${recoveryCodesPerSet} recovery codes left.`}{" "}
          {recoveryCodesLeft <= 3 ? "Generate a new set before you run out: without a code or your app, only an owner or a platform operator can let you back in." : "Each works once, instead of a code from your app."}
        </p>
        <form action={regenerateAction} className="space-y-3" aria-label="Generate new recovery codes">
          <ActionMessage state={regenerated.status === "error" && !regenerated.field ? regenerated : IDLE} />
          <TextField id="regenerate-password" name="password" type="password" label="Password" autoComplete="current-password" required error={fieldError(regenerated, "password")} />
          <TextField id="regenerate-code" name="code" label="Authentication code" inputMode="numeric" autoComplete="one-time-code" required maxLength={7} error={fieldError(regenerated, "code")} />
          <SubmitButton variant="secondary" pendingLabel="Generating…">
            Generate new recovery codes
          </SubmitButton>
          <p className="text-xs text-slate-600 dark:text-slate-400">The codes you have now stop working, and you are signed out everywhere else.</p>
        </form>
      </section>
    </div>
  );
}
