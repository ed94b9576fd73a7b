// The one function that turns a provider call into an outcome (SPEC §21).
// Every flow that asks a provider something — a direct sale, the checkout, a
// capture, a void, a refund, a payout, a reconciliation — calls the provider
// through callProvider() and reacts to the same four outcomes:
// - `answered`: the provider decided (lib/transactions/provider-result.ts applies it);
// - `not_taken`: it certainly did not act: fail over, or retry later;
// - `unknown`: it may have acted: leave the operation open and reconcile;
// nothing else. An exception that is not a connector's ProviderCallError (a
// bug, an in-process provider failing) is `unknown`: we never guess that money
// did not move.
import { ProviderCallError } from "./provider-error";
import type { ProviderResult } from "./types";

export type CallFailure = { kind: "not_taken" | "unknown"; reason: string; transport: boolean; message: string };

export type CallOutcome = { kind: "answered"; result: ProviderResult } | CallFailure;

export function outcomeOfError(error: unknown): CallFailure {
  if (error instanceof ProviderCallError) return { kind: error.certainty, reason: error.reason, transport: error.transport, message: error.message };
  // Only the error's name: a message might quote what was sent.
  return { kind: "unknown", reason: "unexpected_error", transport: false, message: (error as Error | undefined)?.name ?? "Error" };
}

export async function callProvider(call: () => Promise<ProviderResult>): Promise<{ outcome: CallOutcome; latencyMs: number }> {
  const started = performance.now();
  let outcome: CallOutcome;
  try {
    outcome = { kind: "answered", result: await call() };
  } catch (error) {
    outcome = outcomeOfError(error);
  }
  return { outcome, latencyMs: Math.round(performance.now() - started) };
}
