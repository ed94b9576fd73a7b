// The server side of every back-office form action. Domain errors become a
// message next to the form; a resource outside the actor's merchants becomes
// a 404, exactly as the page would; unexpected errors reach the error page.
import { notFound, redirect } from "next/navigation";
import { AppError } from "@/lib/errors";
import type { ActionState } from "@/lib/backoffice/action-state";
import { CREDENTIAL_FIELD_PREFIX } from "@/lib/backoffice/schemas";
import { formObject } from "@/lib/schema/parse-input";
import { SIGN_IN_PATH } from "./session";

/** Never echoed back to the browser (nor is a connector's credential field). */
const SECRET_FIELDS = new Set(["password", "passwordConfirmation", "newPassword", "newPasswordConfirmation", "code"]);

/**
 * React resets a form after its action, so on an error the submitted values
 * (secrets excepted) come back for the form to show again instead of making
 * the person retype them.
 */
export async function runAction<T = undefined>(formData: FormData | null, work: () => Promise<ActionState<T>>): Promise<ActionState<T>> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof AppError) || error.code === "internal_error") throw error;
    if (error.code === "not_found") notFound();
    if (error.code === "authentication_required") redirect(SIGN_IN_PATH);
    const values = formData ? Object.fromEntries(Object.entries(formObject(formData)).filter(([k]) => !SECRET_FIELDS.has(k) && !k.startsWith(CREDENTIAL_FIELD_PREFIX))) : undefined;
    return { status: "error", message: error.message, field: error.param, values };
  }
}
