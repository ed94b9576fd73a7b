"use server";
import { revalidatePath } from "next/cache";
import type { ActionState } from "@/lib/backoffice/action-state";
import { setMerchantRouteFromForm } from "@/lib/backoffice/merchants/merchant-routes";
import { setMerchantActive } from "@/lib/backoffice/merchants/set-merchant-active";
import { updateMerchantLimits } from "@/lib/backoffice/merchants/update-merchant-limits";
import { formObject } from "@/lib/schema/parse-input";
import { resetTwoFactor } from "@/lib/backoffice/team/reset-two-factor";
import { runAction } from "@/app/backoffice/_server/run-action";
import { requireActionActor } from "@/app/backoffice/_server/session";

export async function setMerchantActiveAction(_prev: ActionState, formData: FormData): Promise<ActionState> {
  return runAction(formData, async () => {
    const { actor, ip } = await requireActionActor();
    const input = formObject(formData);
    const { changed } = await setMerchantActive({ actor, input, ip });
    revalidatePath("/backoffice/merchants", "layout");
    const active = input.active === "true";
    return { status: "success", message: changed ? (active ? "Merchant activated." : "Merchant deactivated.") : "Nothing changed: the merchant already had that status." };
  });
}

export async function updateMerchantLimitsAction(_prev: ActionState, formData: FormData): Promise<ActionState> {
  return runAction(formData, async () => {
    const { actor, ip } = await requireActionActor();
    const input = formObject(formData);
    await updateMerchantLimits({ actor, input, ip });
    revalidatePath(`/backoffice/merchants/${input.merchantId}`);
    return { status: "success", message: "Rate limits saved." };
  });
}

export async function resetTwoFactorAsOperatorAction(_prev: ActionState, formData: FormData): Promise<ActionState> {
  return runAction(formData, async () => {
    const { actor, ip } = await requireActionActor();
    const input = formObject(formData);
    const merchantId = input.merchantId ?? "";
    await resetTwoFactor({ actor, merchantId, input, ip });
    revalidatePath(`/backoffice/merchants/${merchantId}`);
    return { status: "success", message: "Two-factor authentication reset and their sessions ended. They set up a new authenticator at their next sign-in." };
  });
}

export async function setMerchantRouteAction(_prev: ActionState, formData: FormData): Promise<ActionState> {
  return runAction(formData, async () => {
    const { actor, ip } = await requireActionActor();
    const form = formObject(formData);
    const routes = await setMerchantRouteFromForm({ actor, ip, form });
    revalidatePath(`/backoffice/merchants/${form.merchantId}`);
    const route = routes.find((r) => r.method === form.method);
    return { status: "success", message: route ? `Route saved: ${form.environment} ${form.method} payments go to ${route.connectors.map((c) => c.name).join(", then ")}.` : `Route removed: ${form.environment} ${form.method} payments no longer go to connectors.` };
  });
}
