import { Alert } from "@/components/ui/alert";
import type { ActionState } from "@/lib/backoffice/action-state";

/** The outcome of a form's server action, announced to screen readers. */
export function ActionMessage({ state }: { state: ActionState<unknown> }) {
  if (state.status === "error") return <Alert tone="error">{state.message}</Alert>;
  if (state.status === "success" && state.message) return <Alert tone="success">{state.message}</Alert>;
  return null;
}

/** The field an error names, for the control's own error text. */
export function fieldError(state: ActionState<unknown>, field: string): string | null {
  return state.status === "error" && state.field === field ? state.message : null;
}
