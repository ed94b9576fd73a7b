import type { Metadata } from "next";
import Link from "next/link";
import { ActionForm } from "@/components/backoffice/action-form";
import { AuthCard } from "@/components/backoffice/auth-card";
import { ReauthFields } from "@/components/backoffice/reauth-fields";
import { SignOutButton } from "@/components/backoffice/sign-out-button";
import { TextField } from "@/components/ui/field";
import { IDLE } from "@/lib/backoffice/action-state";
import { requireActor } from "@/app/backoffice/_server/session";
import { PASSWORD_MIN_LENGTH } from "@/lib/users/password";
import { changePasswordAction } from "./actions";

export const metadata: Metadata = { title: "Change password" };

export default async function ChangePasswordPage() {
  const actor = await requireActor();
  const aside = (
    <div className="flex items-center justify-center gap-4">
      <Link href="/backoffice" className="underline">
        Back to the back office
      </Link>
      <SignOutButton />
    </div>
  );
  return (
    <AuthCard title="Change password" description={`Signed in as ${actor.email}. Changing it signs you out on every other browser and device.`} aside={aside}>
      <ActionForm action={changePasswordAction} submitLabel="Change password" pendingLabel="Changing…" label="Change password">
        <ReauthFields idPrefix="current" totpEnabled={actor.totpEnabled} state={IDLE} purpose="Changing your password needs" />
        <TextField id="new-password" name="newPassword" type="password" label="New password" autoComplete="new-password" required minLength={PASSWORD_MIN_LENGTH} hint={`At least ${PASSWORD_MIN_LENGTH} characters.`} />
        <TextField id="new-password-confirmation" name="newPasswordConfirmation" type="password" label="New password again" autoComplete="new-password" required />
      </ActionForm>
    </AuthCard>
  );
}
