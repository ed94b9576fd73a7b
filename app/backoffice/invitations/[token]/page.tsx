import type { Metadata } from "next";
import Link from "next/link";
import { AcceptInvitationForm } from "@/components/backoffice/accept-invitation-form";
import { AuthCard } from "@/components/backoffice/auth-card";
import { getInvitation } from "@/lib/backoffice/team/get-invitation";
import { acceptInvitationAction } from "./actions";

export const metadata: Metadata = { title: "Accept invitation" };

const ROLE_NAMES = { OWNER: "Owner", ADMIN: "Admin", DEVELOPER: "Developer", VIEWER: "Viewer" } as const;

export default async function AcceptInvitationPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const invitation = await getInvitation({ token });
  if (!invitation) {
    return (
      <AuthCard title="This invitation is no longer valid" description="It was already used, withdrawn, or it expired (invitations last 7 days).">
        <p className="text-sm">Ask the person who invited you for a new link, or</p>
        <Link href="/backoffice/sign-in" className="mt-2 inline-block font-medium text-brand-600 underline dark:text-sky-300">
          sign in
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={`Join ${invitation.merchantName}`} description={`You were invited as ${ROLE_NAMES[invitation.role]}.`}>
      <AcceptInvitationForm token={token} email={invitation.email} existingUser={invitation.existingUser} action={acceptInvitationAction} />
    </AuthCard>
  );
}
