import type { Metadata } from "next";
import Link from "next/link";
import { AuthCard } from "@/components/backoffice/auth-card";
import { SignOutButton } from "@/components/backoffice/sign-out-button";
import { TotpEnrolForm } from "@/components/backoffice/totp-enrol-form";
import { Alert } from "@/components/ui/alert";
import { startTotpEnrolment } from "@/lib/auth/enrol-totp";
import { needsTotpEnrolment } from "@/lib/backoffice/authz";
import { requireActor } from "@/lib/backoffice/session";
import { confirmTotpAction } from "./actions";

export const metadata: Metadata = { title: "Two-factor authentication" };

export default async function TwoFactorPage({ searchParams }: { searchParams: Promise<{ enabled?: string }> }) {
  const actor = await requireActor({ allowPendingTotp: true });
  const { enabled } = await searchParams;
  const aside = (
    <div className="flex items-center justify-center gap-4">
      {needsTotpEnrolment(actor) ? null : (
        <Link href="/backoffice" className="underline">
          Back to the back office
        </Link>
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

  const enrolment = await startTotpEnrolment({ userId: actor.id });
  return (
    <AuthCard
      title="Set up two-factor authentication"
      description={needsTotpEnrolment(actor) ? "Platform operators must use two-factor authentication. Set it up to continue." : "Protect your account with a code from an authenticator app."}
      aside={aside}
    >
      <ol className="list-decimal space-y-4 pl-5 text-sm">
        <li>
          Scan this QR code with an authenticator app (1Password, Google Authenticator, Authy, …).
          <img src={enrolment.qrDataUrl} width={220} height={220} alt="QR code for your authenticator app" className="mt-3 rounded bg-white p-2" />
        </li>
        <li>
          Can’t scan? Enter this key by hand:
          <code className="mt-2 block break-all rounded bg-slate-100 px-2 py-1 font-mono text-sm dark:bg-slate-800" data-testid="totp-secret">
            {enrolment.secret}
          </code>
        </li>
        <li>Enter the code the app shows to finish.</li>
      </ol>
      <div className="mt-6">
        <TotpEnrolForm action={confirmTotpAction} />
      </div>
    </AuthCard>
  );
}
