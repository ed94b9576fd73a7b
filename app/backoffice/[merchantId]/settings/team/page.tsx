import type { Metadata } from "next";
import { ActionForm } from "@/components/backoffice/action-form";
import { NoAccess } from "@/components/backoffice/no-access";
import { InviteForm } from "@/components/backoffice/settings/invite-form";
import { ResetTwoFactorForm } from "@/components/backoffice/settings/reset-two-factor-form";
import { Badge } from "@/components/ui/badge";
import { DateTime } from "@/components/ui/date-time";
import { EmptyState } from "@/components/ui/empty-state";
import { SelectField, TextField } from "@/components/ui/field";
import { Section } from "@/components/ui/section";
import { Table, TBody, Td, Th, THead } from "@/components/ui/table";
import { memberRole } from "@/lib/backoffice/authz";
import { requirePagePermission } from "@/app/backoffice/_server/session";
import { listTeam } from "@/lib/backoffice/team/list-team";
import { changeRoleAction, inviteMemberAction, removeMemberAction, resetTwoFactorAction, revokeInvitationAction } from "../actions";

export const metadata: Metadata = { title: "Team" };

const ROLES = [
  { value: "OWNER", label: "Owner" },
  { value: "ADMIN", label: "Admin" },
  { value: "DEVELOPER", label: "Developer" },
  { value: "VIEWER", label: "Viewer" },
] as const;
const ROLE_LABEL = Object.fromEntries(ROLES.map((r) => [r.value, r.label])) as Record<string, string>;

export default async function TeamPage({ params }: { params: Promise<{ merchantId: string }> }) {
  const { merchantId } = await params;
  const access = await requirePagePermission(merchantId, "settings.manage");
  if (!access) return <NoAccess page="Settings" roles="owners and admins" />;
  const { members, invitations } = await listTeam({ access });
  // Only owners hand out the Owner role (the server enforces the same rule).
  const grantable = memberRole(access) === "OWNER" ? [...ROLES] : ROLES.filter((r) => r.value !== "OWNER");

  return (
    <div className="space-y-6">
      <Section
        title="Team members"
        description={
          <>
            Owners and admins manage settings and the team; developers manage API keys and webhooks; viewers can look but not change anything. Only owners can grant the Owner role, and an account always keeps one owner.
          </>
        }
      >
        <Table caption="Team members">
          <THead>
            <Th>Member</Th>
            <Th>Role</Th>
            <Th>Two-factor</Th>
            <Th>Last sign-in</Th>
            <Th>Member since</Th>
            <Th>Remove</Th>
          </THead>
          <TBody>
            {members.map((m) => {
              const editable = m.role !== "OWNER" || memberRole(access) === "OWNER";
              return (
                <tr key={m.id}>
                  <Td>
                    <div className="font-medium">{m.user.name || m.user.email}</div>
                    {m.user.name ? <div className="text-xs text-slate-600 dark:text-slate-400">{m.user.email}</div> : null}
                    {m.user.id === access.actor.id ? <Badge tone="info">You</Badge> : null}
                  </Td>
                  <Td className="min-w-[12rem]">
                    {editable ? (
                      <ActionForm action={changeRoleAction} submitLabel="Change role" pendingLabel="Changing…" size="sm" variant="secondary" label={`Role of ${m.user.email}`} className="flex flex-wrap items-end gap-2">
                        <input type="hidden" name="merchantId" value={merchantId} />
                        <input type="hidden" name="membershipId" value={m.id} />
                        <SelectField id={`role-${m.id}`} name="role" label={<span className="sr-only">Role of {m.user.email}</span>} defaultValue={m.role} options={grantable} />
                      </ActionForm>
                    ) : (
                      <Badge>{ROLE_LABEL[m.role]}</Badge>
                    )}
                  </Td>
                  <Td className="min-w-[8rem]">
                    {m.user.totpEnabledAt ? <Badge tone="success">On</Badge> : <Badge tone="warning">Off</Badge>}
                    {/* A lost phone: the owner resets a teammate's second factor (never their own); the server checks who may. */}
                    {m.user.totpEnabledAt && memberRole(access) === "OWNER" && m.user.id !== access.actor.id ? (
                      <ResetTwoFactorForm action={resetTwoFactorAction} merchantId={merchantId} member={m} actorTotpEnabled={access.actor.totpEnabled} reasonHint="For the audit log, e.g. “lost phone, identity checked by call”." />
                    ) : null}
                  </Td>
                  <Td>
                    <DateTime value={m.user.lastLoginAt} fallback="Never" />
                  </Td>
                  <Td>
                    <DateTime value={m.createdAt} />
                  </Td>
                  <Td className="min-w-[10rem]">
                    {editable ? (
                      <details>
                        <summary className="cursor-pointer text-sm text-red-700 dark:text-red-400">
                          Remove<span className="sr-only"> {m.user.email}</span>…
                        </summary>
                        <ActionForm action={removeMemberAction} submitLabel="Confirm removal" pendingLabel="Removing…" size="sm" variant="danger" label={`Remove ${m.user.email}`} className="mt-2 space-y-2">
                          <input type="hidden" name="merchantId" value={merchantId} />
                          <input type="hidden" name="membershipId" value={m.id} />
                          <TextField id={`remove-reason-${m.id}`} name="reason" label="Reason" maxLength={500} />
                        </ActionForm>
                      </details>
                    ) : null}
                  </Td>
                </tr>
              );
            })}
          </TBody>
        </Table>
      </Section>

      <Section title="Invite a teammate" description="Sluice does not send e-mail: after you create an invitation, copy the link shown here and send it yourself. The invitee opens it, sets a password and joins with the role you chose.">
        <InviteForm merchantId={merchantId} roles={grantable} action={inviteMemberAction} />
      </Section>

      <Section title="Open invitations" description="Links that have not been used yet. Withdrawing one makes its link stop working.">
        {invitations.length === 0 ? (
          <EmptyState title="No open invitations" />
        ) : (
          <Table caption="Open invitations">
            <THead>
              <Th>Email</Th>
              <Th>Role</Th>
              <Th>Created</Th>
              <Th>Expires</Th>
              <Th>Withdraw</Th>
            </THead>
            <TBody>
              {invitations.map((i) => (
                <tr key={i.id}>
                  <Td>{i.email}</Td>
                  <Td>{ROLE_LABEL[i.role]}</Td>
                  <Td>
                    <DateTime value={i.createdAt} />
                  </Td>
                  <Td>
                    <DateTime value={i.expiresAt} />
                  </Td>
                  <Td>
                    <ActionForm action={revokeInvitationAction} submitLabel={<>Withdraw<span className="sr-only"> invitation for {i.email}</span></>} pendingLabel="Withdrawing…" size="sm" variant="secondary" label={`Withdraw invitation for ${i.email}`} className="">
                      <input type="hidden" name="merchantId" value={merchantId} />
                      <input type="hidden" name="invitationId" value={i.id} />
                    </ActionForm>
                  </Td>
                </tr>
              ))}
            </TBody>
          </Table>
        )}
      </Section>
    </div>
  );
}
