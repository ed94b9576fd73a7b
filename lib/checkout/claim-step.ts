// Conditional claims on a checkout's step (GUIDE.md §6: races fail closed).
// Each is one UPDATE whose WHERE clause is the whole precondition, so of two
// identical requests — a double-clicked Pay, a second tab — exactly one gets
// count 1 and talks to the provider; the other is told someone else is on it.
// Every claim also requires the sale to be PROCESSING (an authorization: its
// hold not yet placed) and not past its expiresAt by the database's clock, so
// no payment starts after expiry.
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { MAX_CHECKOUT_ATTEMPTS, STALE_IN_FLIGHT_SECONDS, type CheckoutState } from "./checkout-state";

const json = (state: CheckoutState) => JSON.stringify(state);

/**
 * Claims card attempt number `expectedAttempts + 1`. The form carries the
 * attempt count it was rendered with, so a repeated submission of the same
 * form never becomes a second attempt.
 */
export async function claimCardAttempt(id: string, expectedAttempts: number): Promise<boolean> {
  const state: CheckoutState = { step: "authorizing", attempt: expectedAttempts + 1, since: new Date().toISOString() };
  const count = await db.$executeRaw`
    UPDATE "Transaction"
       SET "checkoutAttempts" = "checkoutAttempts" + 1, "providerState" = ${json(state)}::jsonb
     WHERE "id" = ${id}
       AND "status" = 'PROCESSING' AND "authorizedAt" IS NULL
       AND "checkoutAttempts" = ${expectedAttempts}
       AND "checkoutAttempts" < ${MAX_CHECKOUT_ATTEMPTS}
       AND ("expiresAt" IS NULL OR "expiresAt" > now())
       AND ("providerState" IS NULL
            OR "providerState"->>'step' = 'idle'
            OR ("providerState"->>'step' = 'authorizing'
                AND ("providerState"->>'since')::timestamptz < now() - make_interval(secs => ${STALE_IN_FLIGHT_SECONDS})))`;
  return count === 1;
}

/** Claims the check of a verification code (the API's `{action: "verification_code"}` counts as the verification step). */
export async function claimVerification(id: string, codeTries: number): Promise<boolean> {
  const state: CheckoutState = { step: "confirming", action: "verification_code", codeTries, since: new Date().toISOString() };
  const count = await db.$executeRaw`
    UPDATE "Transaction"
       SET "providerState" = ${json(state)}::jsonb
     WHERE "id" = ${id}
       AND "status" = 'PROCESSING' AND "authorizedAt" IS NULL
       AND ("expiresAt" IS NULL OR "expiresAt" > now())
       AND ("providerState"->>'step' = 'verification'
            OR ("providerState"->>'step' IS NULL AND "providerState"->>'action' = 'verification_code')
            OR ("providerState"->>'step' = 'confirming'
                AND ("providerState"->>'since')::timestamptz < now() - make_interval(secs => ${STALE_IN_FLIGHT_SECONDS})))`;
  return count === 1;
}

/**
 * Moves an open checkout to `settling`: the customer has paid by transfer or
 * crypto and the provider confirms at `settlesAt`. The sale's expiresAt is
 * pushed past that moment, so an expiry sweep never expires money on its way.
 */
export async function claimSettlement(id: string, settlesAt: Date, providerRef: string | null): Promise<boolean> {
  const state: CheckoutState = { step: "settling", settlesAt: settlesAt.toISOString() };
  const count = await db.$executeRaw`
    UPDATE "Transaction"
       SET "providerState" = ${json(state)}::jsonb,
           "providerRef" = COALESCE(${providerRef}, "providerRef"),
           "expiresAt" = GREATEST("expiresAt", ${settlesAt}::timestamptz + interval '10 minutes')
     WHERE "id" = ${id}
       AND "status" = 'PROCESSING' AND "authorizedAt" IS NULL
       AND ("expiresAt" IS NULL OR "expiresAt" > now())
       AND ("providerState" IS NULL OR "providerState"->>'step' = 'idle')`;
  return count === 1;
}

type StepColumns = Pick<Prisma.TransactionUpdateManyMutationInput, "checkoutAttempts">;

/** Records the next step after a provider answer; only while the sale is still open. */
export async function setCheckoutState(id: string, state: CheckoutState, data: StepColumns = {}): Promise<boolean> {
  const { count } = await db.transaction.updateMany({ where: { id, status: "PROCESSING" }, data: { ...data, providerState: state } });
  return count === 1;
}
