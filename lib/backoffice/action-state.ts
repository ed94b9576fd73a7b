// What a back-office server action answers to its form (React useActionState).
// Types and the initial state only: client components import this file.
export type ActionState<T = undefined> =
  | { status: "idle" }
  | { status: "error"; message: string; field?: string; values?: Record<string, string> }
  | { status: "success"; message: string; data?: T };

export const IDLE = { status: "idle" } as const;
