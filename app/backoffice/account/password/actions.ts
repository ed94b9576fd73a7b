"use server";
import { keepThisSession } from "@/app/backoffice/_server/keep-this-session";
import type { ActionState } from "@/lib/backoffice/action-state";
import { formObject } from "@/lib/schema/parse-input";
import { runAction } from "@/app/backoffice/_server/run-action";
import { requireActionActor } from "@/app/backoffice/_server/session";
import { changePassword } from "@/lib/auth/change-password";

export async function changePasswordAction(_prev: ActionState, formData: FormData): Promise<ActionState> {
  return runAction(formData, async () => {
    const { actor, ip } = await requireActionActor();
    const version = await changePassword({ userId: actor.id, input: formObject(formData), ip });
    // Every other session of this person has ended; this browser, which proved the old password, stays.
    await keepThisSession(version);
    return { status: "success", message: "Password changed. You were signed out everywhere else." };
  });
}
