"use server";
import { redirect } from "next/navigation";
import { confirmTotpEnrolment, type PendingEnrolment, startTotpEnrolment } from "@/lib/auth/enrol-totp";
import { keepThisSession } from "@/app/backoffice/_server/keep-this-session";
import type { ActionState } from "@/lib/backoffice/action-state";
import { runAction } from "@/app/backoffice/_server/run-action";
import { requireActionActor } from "@/app/backoffice/_server/session";

export type StartedEnrolment = Pick<PendingEnrolment, "secret" | "qrDataUrl">;

/** Step 1: the password; the answer carries the new secret to this browser only. */
export async function startTotpAction(_prev: ActionState<StartedEnrolment>, formData: FormData): Promise<ActionState<StartedEnrolment>> {
  return runAction(formData, async () => {
    const { actor, ip } = await requireActionActor();
    const { secret, qrDataUrl } = await startTotpEnrolment({ userId: actor.id, password: String(formData.get("password") ?? ""), ip });
    return { status: "success", message: "Scan the code with your authenticator app.", data: { secret, qrDataUrl } };
  });
}

/** Step 2: a code from the app. */
export async function confirmTotpAction(_prev: ActionState, formData: FormData): Promise<ActionState> {
  const result = await runAction(formData, async () => {
    const { actor, ip } = await requireActionActor();
    const version = await confirmTotpEnrolment({ userId: actor.id, code: String(formData.get("code") ?? ""), ip });
    // Every other session of this person has just ended; this browser, which proved the password and the code, stays.
    if (version !== null) await keepThisSession(version);
    return { status: "success", message: "Two-factor authentication is on." };
  });
  // Outside runAction: redirect() works by throwing, which runAction would pass on anyway.
  if (result.status === "success") redirect("/backoffice/account/two-factor?enabled=1");
  return result;
}
