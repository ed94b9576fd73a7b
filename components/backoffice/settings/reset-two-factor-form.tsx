// "Reset two-factor" for one member (SPEC §13): a merchant's OWNER on the team
// page and an operator on the merchant page use the same form; the action
// decides who may (lib/backoffice/team/reset-two-factor.ts).
import { ActionForm } from "@/components/backoffice/action-form";
import { ReauthFields } from "@/components/backoffice/reauth-fields";
import { TextField } from "@/components/ui/field";
import { IDLE, type ActionState } from "@/lib/backoffice/action-state";

export function ResetTwoFactorForm({
  action,
  merchantId,
  member,
  actorTotpEnabled,
  reasonHint,
}: {
  action: (prev: ActionState, formData: FormData) => Promise<ActionState>;
  merchantId: string;
  /** The membership row's id keeps the field ids unique in the table. */
  member: { id: string; user: { id: string; email: string } };
  actorTotpEnabled: boolean;
  reasonHint?: string;
}) {
  const email = member.user.email;
  return (
    <details className="mt-1">
      <summary className="cursor-pointer text-sm text-red-700 dark:text-red-400">
        Reset<span className="sr-only"> two-factor authentication of {email}</span>…
      </summary>
      <ActionForm action={action} submitLabel="Reset two-factor" pendingLabel="Resetting…" size="sm" variant="danger" label={`Reset two-factor authentication of ${email}`} className="mt-2 space-y-2">
        <input type="hidden" name="merchantId" value={merchantId} />
        <input type="hidden" name="userId" value={member.user.id} />
        <TextField id={`reset-2fa-reason-${member.id}`} name="reason" label="Reason" required maxLength={500} hint={reasonHint} />
        <ReauthFields idPrefix={`reset-2fa-${member.id}`} totpEnabled={actorTotpEnabled} state={IDLE} purpose="Resetting someone's second factor needs" />
      </ActionForm>
    </details>
  );
}
