// POST /v1/transactions/{id}/capture (SPEC §17): take all or part of an
// authorization's hold. Check → the provider captures → one database
// transaction (SUCCESS with capturedAmount, the ledger posting of a sale of
// that amount, history, outbox event, the stored idempotent answer). The move
// is conditional on the row being exactly as checked (updatedAt), so a void, a
// lapse or another capture that lands in between wins and this one is refused
// with the reason; if the provider had captured meanwhile, that money is given
// back (lib/transactions/provider-result.ts). One capture per authorization:
// the uncaptured rest of the hold is released by the provider's capture. A
// provider that decides captures later (Adyen) answers "received": the
// authorization is answered as it stands, PROCESSING, and its provider event
// finishes it (lib/provider-events/apply-provider-event.ts).
import { AppError, invalid } from "@/lib/errors";
import type { Transaction } from "@/lib/generated/prisma/client";
import type { Environment } from "@/lib/generated/prisma/enums";
import { logger } from "@/lib/log";
import { getTransaction } from "./get-transaction";
import { applyProviderResult, callForTransaction } from "./provider-result";
import type { TCaptureRequest } from "./schemas";
import type { Actor } from "@/lib/audit/actor";

export interface CaptureOptions {
  merchantId: string;
  environment: Environment;
  id: string;
  input: TCaptureRequest;
  actor: Actor;
}

const notCapturable = (why: string) => invalid(`Authorization is not capturable: ${why}`);

/** Why this transaction cannot be captured now, or null (also read by the back office to offer the button). */
export function captureRefusal(t: Pick<Transaction, "action" | "status" | "authorizedAt" | "captureBefore">, now = new Date()): string | null {
  if (t.action !== "AUTHORIZE") return `only an AUTHORIZE can be captured; this is a ${t.action}`;
  switch (t.status) {
    case "SUCCESS":
      return "already captured";
    case "CANCELED":
      return "voided";
    case "EXPIRED":
      return "expired";
    case "DECLINED":
      return "declined";
    case "CREATED":
    case "WAIT_APPROVE":
      return "not yet authorized";
    case "PROCESSING":
      if (!t.authorizedAt) return "not yet authorized";
      if (t.captureBefore && t.captureBefore.getTime() <= now.getTime()) return "expired";
      return null;
    default: {
      const unreachable: never = t.status;
      throw new Error(`Unknown status ${unreachable as string}`);
    }
  }
}

export async function captureAuthorization({ merchantId, environment, id, input, actor }: CaptureOptions): Promise<Transaction> {
  const t = await getTransaction({ merchantId, environment, id });
  const refusal = captureRefusal(t);
  if (refusal) throw notCapturable(refusal);
  const amount = input.amount === undefined ? t.amount : BigInt(input.amount);
  if (amount > t.amount) throw invalid(`amount exceeds the authorized amount (${t.amount})`, "amount");

  if (!t.providerRef) throw new Error(`No hold reference for ${t.id}`);
  const providerRef = t.providerRef;
  const { outcome } = await callForTransaction(t, "capture", (provider, idempotencyKey) => provider.capture({ transactionId: t.id, providerRef, amount, currency: t.currency, idempotencyKey }));
  if (outcome.kind !== "answered" && outcome.kind === "not_taken") {
    // Nothing happened: the merchant may simply try again.
    logger.error({ transactionId: t.id, reason: outcome.reason }, "capture failed at the provider");
    throw new AppError("service_unavailable", "The provider could not be reached to capture this authorization; try again");
  }
  // Unknown or pending: the capture may have been made. A retry sends the same idempotency key (it cannot capture twice),
  // and the reconcile job asks the provider meanwhile; transaction.succeeded says when it is done.
  const result = outcome.kind === "answered" ? outcome.result : null;
  if (!result || result.status === "requires_action") {
    throw new AppError("service_unavailable", "The provider has not confirmed the capture yet; try again");
  }
  // The provider received the capture and decides it later (Adyen's modifications): the authorization stays
  // PROCESSING until its notification says SUCCESS (transaction.succeeded) or DECLINED. A retry sends the same key.
  if (result.status === "pending") return t;

  const applied = await applyProviderResult({ transaction: t, result, actor, reason: "captured", capturedAmount: amount, expectedUpdatedAt: t.updatedAt });
  switch (applied.outcome) {
    case "succeeded":
    case "declined":
      // A capture the provider refused ends the authorization: DECLINED, as SPEC §17's table says.
      return applied.transaction;
    case "moved": {
      // Voided, lapsed or captured by another request after our check: say which, as a first capture would have.
      const now = await getTransaction({ merchantId, environment, id });
      throw notCapturable(captureRefusal(now) ?? "it changed while the capture was made; try again");
    }
    default:
      throw new Error(`Unexpected capture outcome ${applied.outcome}`);
  }
}
