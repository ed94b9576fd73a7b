"use server";
import { redirect } from "next/navigation";
import { setEnvironmentPreference } from "@/app/backoffice/_server/environment-preference";
import { getActor, SIGN_IN_PATH } from "@/app/backoffice/_server/session";

/** The header's Sandbox / Production switch. Changing a cookie re-renders the current page. */
export async function switchEnvironmentAction(formData: FormData): Promise<void> {
  const actor = await getActor();
  if (!actor) redirect(SIGN_IN_PATH);
  await setEnvironmentPreference(actor, formData.get("environment") === "production" ? "production" : "sandbox");
}
