// The hosted KYC verification page (SPEC §7): {checkout_url}/verify/<token>,
// the verificationUrl of POST /v1/customers/{buyerId}/verification and of a
// payout's 'KYC verification required'. Server-rendered; the form works
// without JavaScript. Sandbox verifies at once; production waits for review.
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { StatePanel } from "@/components/checkout/state-panel";
import { ui } from "@/components/checkout/styles";
import { getVerificationSession, type VerificationSession } from "@/lib/kyc/get-verification-session";
import { submitVerification } from "./actions";
import { VerificationForm } from "./verification-form";

type Props = { params: Promise<{ token: string }> };

export const metadata: Metadata = { title: "Verify your identity" };

function Outcome({ session }: { session: VerificationSession }) {
  if (session.status === "verified") {
    return <StatePanel tone="success" title="You are verified" body={`${session.merchantName} can now send you larger payouts. You can close this page.`} />;
  }
  if (session.status === "rejected") {
    return <StatePanel tone="failure" title="Verification not approved" body={`We could not verify your identity. Please contact ${session.merchantName}.`} />;
  }
  return <StatePanel tone="neutral" title="Verification under review" body="Thank you. Your details are being reviewed; this usually takes less than one business day. You can close this page." />;
}

export default async function VerifyPage({ params }: Props) {
  const { token } = await params;
  const session = await getVerificationSession({ token });
  if (!session) notFound();
  const open = session.status === "pending" && !session.submitted;
  return (
    <div lang="en" className="min-h-screen bg-slate-100 px-3 py-6 sm:px-4 sm:py-12 dark:bg-slate-950">
      <div className="mx-auto w-full max-w-md">
        {session.environment === "sandbox" ? (
          <p className="mb-3 rounded-md border border-amber-400 bg-amber-100 px-3 py-2 text-sm text-amber-950 dark:border-amber-600 dark:bg-amber-950 dark:text-amber-100">
            <strong className="font-semibold uppercase tracking-wide">Test mode</strong> · Sandbox verification: any details are accepted at once.
          </p>
        ) : null}
        <main className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-700">
          <header className="border-b border-slate-200 px-5 py-5 dark:border-slate-700">
            <h1 className={ui.heading}>Verify your identity</h1>
            <p className={`mt-1 ${ui.muted}`}>
              {session.merchantName} asks you to confirm who you are{session.level === "enhanced" ? " (enhanced verification, for higher payout limits)" : ""}.
            </p>
          </header>
          <div className="px-5 py-5">{open ? <VerificationForm action={submitVerification.bind(null, token)} prefill={session.prefill} /> : <Outcome session={session} />}</div>
        </main>
        <p className="mt-4 px-1 text-center text-xs text-slate-600 dark:text-slate-400">Your details are sent securely to Sluice, the payment service of {session.merchantName}.</p>
      </div>
    </div>
  );
}
