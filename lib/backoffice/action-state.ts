// What a back-office server action answers to its form (React useActionState).
// Types and the initial state only: client components import this file.
import type { Environment } from "@/lib/generated/prisma/enums";

export type ActionState<T = undefined> =
  | { status: "idle" }
  | { status: "error"; message: string; field?: string; values?: Record<string, string> }
  | { status: "success"; message: string; data?: T };

export const IDLE = { status: "idle" } as const;

/**
 * The state as the page of `environment` may show it: a result that names
 * another environment (a secret revealed, a count made, before the switch in
 * the header) is not this page's, so it shows as nothing at all.
 */
export function stateIn<T extends { environment: Environment }>(state: ActionState<T>, environment: Environment): ActionState<T> {
  if (state.status === "success" && state.data && state.data.environment !== environment) return IDLE;
  if (state.status === "error" && state.values?.environment && state.values.environment !== environment) return IDLE;
  return state;
}
