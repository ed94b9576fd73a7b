"use server";
import { revalidatePath } from "next/cache";
import type { ActionState } from "@/lib/backoffice/action-state";
import { addConnectorFromForm, rotateConnectorFromForm, setConnectorEnabledFromForm, testConnectorFromForm } from "@/lib/backoffice/connectors/manage-connector";
import { formObject } from "@/lib/schema/parse-input";
import { runAction } from "@/app/backoffice/_server/run-action";
import { requireActionActor } from "@/app/backoffice/_server/session";

export async function addConnectorAction(_prev: ActionState, formData: FormData): Promise<ActionState> {
  return runAction(formData, async () => {
    const { actor, ip } = await requireActionActor();
    const connector = await addConnectorFromForm({ actor, ip, form: formObject(formData) });
    revalidatePath("/backoffice/connectors");
    return { status: "success", message: `Connector ${connector.id} added; its credentials are stored encrypted and only their last 4 characters are shown. Test it, then register ${connector.eventsUrl} at the provider.` };
  });
}

export async function testConnectorAction(_prev: ActionState, formData: FormData): Promise<ActionState> {
  return runAction(formData, async () => {
    const { actor, ip } = await requireActionActor();
    const result = await testConnectorFromForm({ actor, ip, form: formObject(formData) });
    revalidatePath("/backoffice/connectors");
    return result.ok ? { status: "success", message: `Test passed in ${result.latencyMs} ms: ${result.message}` } : { status: "error", message: `Test failed: ${result.message}` };
  });
}

export async function rotateConnectorAction(_prev: ActionState, formData: FormData): Promise<ActionState> {
  return runAction(formData, async () => {
    const { actor, ip } = await requireActionActor();
    await rotateConnectorFromForm({ actor, ip, form: formObject(formData) });
    revalidatePath("/backoffice/connectors");
    return { status: "success", message: "Credentials rotated: payments use the new ones now; events signed with the previous webhook secret still verify for the hours chosen." };
  });
}

export async function setConnectorEnabledAction(_prev: ActionState, formData: FormData): Promise<ActionState> {
  return runAction(formData, async () => {
    const { actor, ip } = await requireActionActor();
    const connector = await setConnectorEnabledFromForm({ actor, ip, form: formObject(formData) });
    revalidatePath("/backoffice/connectors");
    return { status: "success", message: connector.enabled ? "Connector enabled: routes send payments to it again." : "Connector disabled: no new payments are routed to it; what it holds is still served." };
  });
}
