// POST /v1/sandbox/transactions/{id}/simulate (SPEC §8): force what a
// provider would decide — SUCCESS, DECLINED (with a decline code) or a
// CHARGEBACK on a successful sale. It goes through the same finishing moves
// and ledger recipes as real provider answers, so what it shows is what
// production does. Sandbox only: with a live key the endpoint does not exist.
// An AUTHORIZE (SPEC §17): SUCCESS places the hold if it is not yet placed,
// and captures it in full if it is (the provider's answer applied by
// applyProviderResult, as a real hold or capture would be).
import type { Transaction } from "@/lib/generated/prisma/client";
import type { Environment } from "@/lib/generated/prisma/enums";
import { DECLINE_MESSAGES } from "@/lib/providers/sandbox/test-cards";
import { assertSandbox } from "@/lib/api-keys/assert-sandbox";
import { createChargeback } from "./create-chargeback";
import { declineTransaction, expireTransaction, succeedTransaction } from "./finish-transaction";
import { getTransaction } from "./get-transaction";
import type { TSimulateRequest } from "./schemas";
import type { Actor } from "@/lib/audit/actor";
import { invalid } from "@/lib/errors";
import { applyProviderResult, releaseHold } from "./provider-result";
import { TransitionRefusedError } from "./transition";

export interface SimulateOutcomeOptions {
  merchantId: string;
  environment: Environment;
  id: string;
  input: TSimulateRequest;
  actor: Actor;
}

const REASON = "Simulated in sandbox";

export async function simulateOutcome({ merchantId, environment, id, input, actor }: SimulateOutcomeOptions): Promise<Transaction> {
  assertSandbox(environment);
  const t = await getTransaction({ merchantId, environment, id });
  switch (input.outcome) {
    case "SUCCESS":
      if (t.action === "AUTHORIZE") return simulateAuthorizeSuccess(t, actor);
      return succeedTransaction({ id: t.id, actor, reason: REASON });
    case "DECLINED": {
      const code = input.declineCode ?? (t.action === "SALE" ? "card_declined" : "provider_rejected");
      return declineTransaction({ id: t.id, actor, reason: REASON, code, message: DECLINE_MESSAGES[code] });
    }
    case "CHARGEBACK":
      return createChargeback({ sale: t, amount: input.amount === undefined ? undefined : BigInt(input.amount), actor, reason: REASON });
    case "EXPIRED":
      return simulateExpiry(t, actor);
    default: {
      const unreachable: never = input.outcome;
      throw new Error(`Unknown outcome ${unreachable as string}`);
    }
  }
}

async function simulateAuthorizeSuccess(t: Transaction, actor: Actor): Promise<Transaction> {
  if (t.status !== "PROCESSING") throw new TransitionRefusedError(t.status, "SUCCESS");
  const providerRef = t.providerRef ?? `sim_ch_${t.id}`;
  const applied = await applyProviderResult({ transaction: t, result: { status: "succeeded", providerRef }, actor, reason: REASON, capturedAmount: t.amount });
  if (applied.outcome === "moved") throw new TransitionRefusedError(applied.current, "SUCCESS");
  if (applied.outcome !== "succeeded" && applied.outcome !== "authorized") throw new Error(`Unexpected outcome ${applied.outcome}`);
  return applied.transaction;
}

/**
 * EXPIRED now, as the worker would expire a sale's checkout at expiresAt or
 * lapse an authorization's hold at captureBefore (`sluice trigger
 * transaction.expired` needs it: neither can be made minutes long through
 * the API). Only a SALE or AUTHORIZE still PROCESSING (or CREATED); a hold is released.
 */
async function simulateExpiry(t: Transaction, actor: Actor): Promise<Transaction> {
  if (t.action !== "SALE" && t.action !== "AUTHORIZE") throw invalid(`Only a SALE or an AUTHORIZE can expire; this is a ${t.action}`);
  const expired = await expireTransaction({ id: t.id, onlyFrom: ["CREATED", "PROCESSING"], actor, reason: REASON });
  if (expired.action === "AUTHORIZE" && expired.authorizedAt) await releaseHold(expired);
  return expired;
}
