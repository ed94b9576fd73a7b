"use server";
import { redirect } from "next/navigation";
import { confirmTotpEnrolment } from "@/lib/auth/enrol-totp";
import { keepThisSession } from "@/lib/auth/keep-this-session";
import type { ActionState } from "@/lib/backoffice/action-state";
import { runAction } from "@/lib/backoffice/run-action";
import { requireActionActor } from "@/lib/backoffice/session";

export async function confirmTotpAction(_prev: ActionState, formData: FormData): Promise<ActionState> {
  const result = await runAction(formData, async () => {
    const { actor, ip } = await requireActionActor();
    const version = await confirmTotpEnrolment({ userId: actor.id, password: String(formData.get("password") ?? ""), code: String(formData.get("code") ?? ""), ip });
    // Every other session of this person has just ended; this browser, which proved the password and the code, stays.
    if (version !== null) await keepThisSession(version);
    return { status: "success", message: "Two-factor authentication is on." };
  });
  // Outside runAction: redirect() works by throwing, which runAction would pass on anyway.
  if (result.status === "success") redirect("/backoffice/account/two-factor?enabled=1");
  return result;
}
