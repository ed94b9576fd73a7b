import type { Metadata } from "next";
import Link from "next/link";
import { AuthCard } from "@/components/backoffice/auth-card";
import { SignOutButton } from "@/components/backoffice/sign-out-button";
import { TwoFactorPanel } from "@/components/backoffice/two-factor-panel";
import { buttonClass } from "@/components/ui/button";
import { countRecoveryCodesLeft, RECOVERY_CODE_COUNT } from "@/lib/auth/recovery-codes";
import { needsTotpEnrolment } from "@/lib/backoffice/authz";
import { getEnvironmentPreference } from "@/app/backoffice/_server/environment-preference";
import { requireActor } from "@/app/backoffice/_server/session";
import { confirmTotpAction, regenerateRecoveryCodesAction, startTotpAction, workInSandboxAction } from "./actions";

export const metadata: Metadata = { title: "Two-factor authentication" };

export default async function TwoFactorPage({ searchParams }: { searchParams: Promise<{ recovered?: string }> }) {
  const actor = await requireActor({ allowPendingTotp: true });
  const { recovered } = await searchParams;
  const [environment, codesLeft] = await Promise.all([getEnvironmentPreference(actor), actor.totpEnabled ? countRecoveryCodesLeft(actor.id) : 0]);
  // Sent here from a production page by the platform's policy (app/backoffice/_server/session.ts).
  const forProduction = !actor.totpEnabled && actor.productionNeedsTotp && environment === "production";
  const aside = (
    <div className="flex flex-wrap items-center justify-center gap-4">
      {needsTotpEnrolment(actor) ? null : (
        <>
          {forProduction ? null : (
            <Link href="/backoffice" className="underline">
              Back to the back office
            </Link>
          )}
          <Link href="/backoffice/account/password" className="underline">
            Change password
          </Link>
        </>
      )}
      <SignOutButton />
    </div>
  );
  const description = actor.totpEnabled
    ? `Signed in as ${actor.email}.`
    : needsTotpEnrolment(actor)
      ? "Platform operators must use two-factor authentication. Set it up to continue."
      : forProduction
        ? "The platform requires two-factor authentication for merchant owners and admins in production. Set it up to continue there; sandbox stays open meanwhile."
        : "Protect your account with a code from an authenticator app.";
  const notice = recovered && actor.totpEnabled
    ? {
        title: "You signed in with a recovery code",
        text: `That code no longer works; ${codesLeft} ${codesLeft === 1 ? "is" : "are"} left. If your authenticator app is gone for good, generate new codes below, or ask an owner or a platform operator to reset your two-factor authentication so you can set up a new app.`,
      }
    : null;

  return (
    <AuthCard title={actor.totpEnabled ? "Two-factor authentication" : "Set up two-factor authentication"} description={description} aside={aside}>
      {/* Always the same element here: the recovery codes it shows survive the re-render that switching two-factor on causes. */}
      <TwoFactorPanel enabled={actor.totpEnabled} recoveryCodesLeft={codesLeft} recoveryCodesPerSet={RECOVERY_CODE_COUNT} notice={notice} start={startTotpAction} confirm={confirmTotpAction} regenerate={regenerateRecoveryCodesAction} />
      {forProduction ? (
        <form action={workInSandboxAction} className="mt-6 border-t border-slate-200 pt-4 dark:border-slate-800">
          <button type="submit" className={buttonClass("secondary")}>
            Work in sandbox instead
          </button>
        </form>
      ) : null}
    </AuthCard>
  );
}
