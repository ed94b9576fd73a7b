import type { Metadata } from "next";
import Link from "next/link";
import { AuthCard } from "@/components/backoffice/auth-card";
import { SignOutButton } from "@/components/backoffice/sign-out-button";
import { TotpEnrolment } from "@/components/backoffice/totp-enrolment";
import { Alert } from "@/components/ui/alert";
import { needsTotpEnrolment } from "@/lib/backoffice/authz";
import { requireActor } from "@/app/backoffice/_server/session";
import { confirmTotpAction, startTotpAction } from "./actions";

export const metadata: Metadata = { title: "Two-factor authentication" };

export default async function TwoFactorPage({ searchParams }: { searchParams: Promise<{ enabled?: string }> }) {
  const actor = await requireActor({ allowPendingTotp: true });
  const { enabled } = await searchParams;
  const aside = (
    <div className="flex items-center justify-center gap-4">
      {needsTotpEnrolment(actor) ? null : (
        <>
          <Link href="/backoffice" className="underline">
            Back to the back office
          </Link>
          <Link href="/backoffice/account/password" className="underline">
            Change password
          </Link>
        </>
      )}
      <SignOutButton />
    </div>
  );

  if (actor.totpEnabled) {
    return (
      <AuthCard title="Two-factor authentication" description={`Signed in as ${actor.email}.`} aside={aside}>
        {enabled ? <Alert tone="success" title="Two-factor authentication is on">From now on, signing in and issuing production secrets ask for a code from your app.</Alert> : null}
        <p className="mt-4 text-sm">
          Two-factor authentication is <strong>on</strong> for your account. Keep your authenticator app: without it you cannot sign in. If you lose it, a platform operator can help you.
        </p>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Set up two-factor authentication"
      description={needsTotpEnrolment(actor) ? "Platform operators must use two-factor authentication. Set it up to continue." : "Protect your account with a code from an authenticator app."}
      aside={aside}
    >
      <TotpEnrolment start={startTotpAction} confirm={confirmTotpAction} />
    </AuthCard>
  );
}
