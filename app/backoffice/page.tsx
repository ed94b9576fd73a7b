import { redirect } from "next/navigation";
import { AuthCard } from "@/components/backoffice/auth-card";
import { SignOutButton } from "@/components/backoffice/sign-out-button";
import { requireActor } from "@/app/backoffice/_server/session";

/** /backoffice: the first merchant's overview, the merchant list for operators, or an explanation. */
export default async function BackofficeHome() {
  const actor = await requireActor();
  const first = actor.memberships[0];
  if (first) redirect(`/backoffice/${first.merchantId}/overview`);
  if (actor.isOperator) redirect("/backoffice/merchants");
  return (
    <AuthCard title="No merchant account yet" description={`You are signed in as ${actor.email}, but you are not a member of any merchant account.`}>
      <p className="text-sm">Ask an owner of the account you work for to invite you, then open the link they send you.</p>
      <div className="mt-4">
        <SignOutButton />
      </div>
    </AuthCard>
  );
}
