// "Confirm it's you" (SPEC §2 verification process): the password, and the
// authentication code when the person has TOTP, typed again before a
// production secret is issued or shown.
import { TextField } from "@/components/ui/field";
import type { ActionState } from "@/lib/backoffice/action-state";
import { fieldError } from "./action-message";

export function ReauthFields({ idPrefix, totpEnabled, state, purpose = "Production secrets need" }: { idPrefix: string; totpEnabled: boolean; state: ActionState<unknown>; purpose?: string }) {
  return (
    <fieldset className="space-y-3 rounded-md border border-slate-300 p-3 dark:border-slate-600">
      <legend className="px-1 text-sm font-medium">Confirm it’s you</legend>
      <p className="text-xs text-slate-600 dark:text-slate-400">{purpose} your password{totpEnabled ? " and a code from your authenticator app" : ""}.</p>
      <TextField id={`${idPrefix}-password`} name="password" type="password" label="Password" autoComplete="current-password" required error={fieldError(state, "password")} />
      {totpEnabled ? (
        <TextField id={`${idPrefix}-code`} name="code" label="Authentication code" inputMode="numeric" autoComplete="one-time-code" pattern="[0-9 ]{6,7}" required error={fieldError(state, "code")} />
      ) : null}
    </fieldset>
  );
}
