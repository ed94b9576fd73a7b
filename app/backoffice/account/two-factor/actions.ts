"use server";
import { redirect } from "next/navigation";
import { confirmTotpEnrolment, type PendingEnrolment, startTotpEnrolment } from "@/lib/auth/enrol-totp";
import { regenerateRecoveryCodes } from "@/lib/auth/regenerate-recovery-codes";
import { keepThisSession } from "@/app/backoffice/_server/keep-this-session";
import { setEnvironmentPreference } from "@/app/backoffice/_server/environment-preference";
import type { ActionState } from "@/lib/backoffice/action-state";
import { runAction } from "@/app/backoffice/_server/run-action";
import { getActor, requireActionActor, SIGN_IN_PATH } from "@/app/backoffice/_server/session";

export type StartedEnrolment = Pick<PendingEnrolment, "secret" | "qrDataUrl">;
type IssuedCodes = { recoveryCodes: string[] };

/** Step 1: the password; the answer carries the new secret to this browser only. */
export async function startTotpAction(_prev: ActionState<StartedEnrolment>, formData: FormData): Promise<ActionState<StartedEnrolment>> {
  return runAction(formData, async () => {
    const { actor, ip } = await requireActionActor();
    const { secret, qrDataUrl } = await startTotpEnrolment({ userId: actor.id, password: String(formData.get("password") ?? ""), ip });
    return { status: "success", message: "Scan the code with your authenticator app.", data: { secret, qrDataUrl } };
  });
}

/** Step 2: a code from the app. The answer carries the recovery codes, this once. */
export async function confirmTotpAction(_prev: ActionState<IssuedCodes>, formData: FormData): Promise<ActionState<IssuedCodes>> {
  return runAction(formData, async () => {
    const { actor, ip } = await requireActionActor();
    const confirmed = await confirmTotpEnrolment({ userId: actor.id, code: String(formData.get("code") ?? ""), ip });
    // Already on (a second click, another tab): its codes were shown where it was turned on.
    if (!confirmed) return { status: "error", message: "Two-factor authentication is already on." };
    // Every other session of this person has just ended; this browser, which proved the password and the code, stays.
    await keepThisSession(confirmed.sessionVersion);
    return { status: "success", message: "Two-factor authentication is on.", data: { recoveryCodes: confirmed.recoveryCodes } };
  });
}

/** A new set of recovery codes, with the password and a current code; the old set stops working. */
export async function regenerateRecoveryCodesAction(_prev: ActionState<IssuedCodes>, formData: FormData): Promise<ActionState<IssuedCodes>> {
  return runAction(formData, async () => {
    const { actor, ip } = await requireActionActor();
    const { codes, sessionVersion } = await regenerateRecoveryCodes({ userId: actor.id, password: String(formData.get("password") ?? ""), code: String(formData.get("code") ?? ""), ip });
    await keepThisSession(sessionVersion);
    return { status: "success", message: "Your old recovery codes no longer work, and you were signed out everywhere else.", data: { recoveryCodes: codes } };
  });
}

/** For someone sent here because production needs two-factor: carry on in sandbox instead. */
export async function workInSandboxAction(): Promise<void> {
  const actor = await getActor();
  if (!actor) redirect(SIGN_IN_PATH);
  await setEnvironmentPreference(actor, "sandbox");
  redirect("/backoffice");
}
