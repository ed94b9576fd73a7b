import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { AuthCard } from "@/components/backoffice/auth-card";
import { SignInForm } from "@/components/backoffice/sign-in-form";
import { Alert } from "@/components/ui/alert";
import { getActor } from "@/app/backoffice/_server/session";

export const metadata: Metadata = { title: "Sign in" };

/** Only back-office paths: a sign-in link must not be able to send people elsewhere. */
function safeCallback(value: string | string[] | undefined): string {
  const v = typeof value === "string" ? value : "";
  return /^\/backoffice(\/[A-Za-z0-9_\-/?=&%.]*)?$/.test(v) && !v.includes("//") ? v : "/backoffice";
}

export default async function SignInPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams;
  const callbackUrl = safeCallback(params.callbackUrl);
  if (await getActor()) redirect(callbackUrl);
  return (
    <AuthCard title="Sign in to the back office" aside="No account? Ask an owner of your merchant account for an invitation.">
      {params.reason === "idle" ? (
        <div className="mb-4">
          <Alert tone="info">You were signed out after 15 minutes without activity.</Alert>
        </div>
      ) : null}
      <SignInForm callbackUrl={callbackUrl} />
    </AuthCard>
  );
}
