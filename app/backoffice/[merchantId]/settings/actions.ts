"use server";
// Settings actions. Each domain function checks settings.manage (and the
// team rules) for the actor and merchant itself.
import { revalidatePath } from "next/cache";
import type { ActionState } from "@/lib/backoffice/action-state";
import { formObject } from "@/lib/schema/parse-input";
import { runAction } from "@/app/backoffice/_server/run-action";
import { requireActionActor } from "@/app/backoffice/_server/session";
import { updateMerchantProfile } from "@/lib/backoffice/settings/update-merchant-profile";
import { updatePaymentMethod } from "@/lib/backoffice/settings/update-payment-method";
import { updateRiskSettings } from "@/lib/backoffice/settings/update-risk-settings";
import { changeMemberRole } from "@/lib/backoffice/team/change-member-role";
import { inviteMember } from "@/lib/backoffice/team/invite-member";
import { removeMember } from "@/lib/backoffice/team/remove-member";
import { resetTwoFactor } from "@/lib/backoffice/team/reset-two-factor";
import { revokeInvitation } from "@/lib/backoffice/team/revoke-invitation";
import type { StaffUser } from "@/lib/auth/staff-user";

type Mutation = (opts: { actor: StaffUser; merchantId: string; input: unknown; ip: string | null }) => Promise<unknown>;

/** One shape for every settings form: run the domain function, refresh the settings pages, say what happened. */
async function settingsAction(formData: FormData, mutate: Mutation, message: string): Promise<ActionState> {
  return runAction(formData, async () => {
    const { actor, ip } = await requireActionActor();
    const input = formObject(formData);
    const merchantId = input.merchantId ?? "";
    await mutate({ actor, merchantId, input, ip });
    revalidatePath(`/backoffice/${merchantId}/settings`, "layout");
    return { status: "success", message };
  });
}

export async function updateProfileAction(_prev: ActionState, formData: FormData) {
  return settingsAction(formData, updateMerchantProfile, "Profile saved.");
}

export async function updatePaymentMethodAction(_prev: ActionState, formData: FormData) {
  return settingsAction(formData, updatePaymentMethod, "Payment method saved.");
}

export async function updateRiskSettingsAction(_prev: ActionState, formData: FormData) {
  return settingsAction(formData, updateRiskSettings, "Risk and checkout settings saved.");
}

export async function changeRoleAction(_prev: ActionState, formData: FormData) {
  return settingsAction(formData, changeMemberRole, "Role changed.");
}

export async function removeMemberAction(_prev: ActionState, formData: FormData) {
  return settingsAction(formData, removeMember, "Member removed.");
}

export async function resetTwoFactorAction(_prev: ActionState, formData: FormData) {
  return settingsAction(formData, resetTwoFactor, "Two-factor authentication reset and their sessions ended. They set up a new authenticator at their next sign-in.");
}

export async function revokeInvitationAction(_prev: ActionState, formData: FormData) {
  return settingsAction(formData, revokeInvitation, "Invitation withdrawn.");
}

export async function inviteMemberAction(_prev: ActionState<{ url: string; email: string }>, formData: FormData): Promise<ActionState<{ url: string; email: string }>> {
  return runAction(formData, async () => {
    const { actor, ip } = await requireActionActor();
    const input = formObject(formData);
    const merchantId = input.merchantId ?? "";
    const invitation = await inviteMember({ actor, merchantId, input, ip });
    revalidatePath(`/backoffice/${merchantId}/settings/team`);
    return { status: "success", message: "Invitation created.", data: { url: invitation.url, email: invitation.email } };
  });
}
