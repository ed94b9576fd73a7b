"use server";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { clientIp } from "@/lib/auth/client-ip";
import type { ActionState } from "@/lib/backoffice/action-state";
import { runAction } from "@/app/backoffice/_server/run-action";
import { acceptInvitation } from "@/lib/team/accept-invitation";
import { formObject } from "@/lib/schema/parse-input";

export async function acceptInvitationAction(_prev: ActionState, formData: FormData): Promise<ActionState> {
  const result = await runAction(formData, async () => {
    const h = await headers();
    const input = formObject(formData);
    await acceptInvitation({ token: input.token ?? "", input, ip: clientIp((n) => h.get(n)) });
    return { status: "success", message: "Invitation accepted." };
  });
  if (result.status === "success") redirect("/backoffice/sign-in?callbackUrl=/backoffice");
  return result;
}
