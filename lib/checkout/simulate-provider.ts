// The sandbox's stand-ins for what a real provider does outside our pages
// (SPEC §8): the customer approving or declining on the e-wallet's or BNPL
// lender's site, a bank transfer arriving or bouncing, a crypto payment being
// confirmed or failing. The button names are those published on /docs/sandbox
// (lib/providers/sandbox/test-values.ts). What each button means is the
// sandbox provider's (lib/providers/sandbox/customer-actions.ts); this file
// only finds the open checkout and applies the answer. Every function refuses
// outside the sandbox: in production these answers come from the provider itself.
import type { PaymentMethodType } from "@/lib/generated/prisma/enums";
import { logger } from "@/lib/log";
import { awaitedPayment, customerApproves, customerDeclines } from "@/lib/providers/sandbox/customer-actions";
import type { CheckoutResult } from "./checkout-result";
import { readCheckoutState } from "./checkout-state";
import { awaitsCustomer, findCheckout, type CheckoutTransaction } from "./find-checkout";
import { applyCheckoutResult, checkoutResultOf } from "./finish-checkout";
import { instalmentPlans, isPlanId } from "./instalment-plans";
import { startSettlement } from "./settle-checkout";

/**
 * A crypto payment confirms on its own after SALE_SETTLEMENT_MS × SANDBOX_TIME_SCALE,
 * but never sooner than this: unlike a transfer, nobody presses anything
 * first, so with a small test scale the page must still stay long enough to
 * be read and for "Simulate failure" to be pressed.
 */
export const CRYPTO_MIN_CONFIRMATION_MS = 5_000;

/** An open sandbox checkout of one of these method types, with nothing in flight. */
async function openSandboxCheckout(token: string, types: PaymentMethodType[]): Promise<CheckoutTransaction | null> {
  const t = await findCheckout(token);
  if (!t || t.environment !== "sandbox" || !awaitsCustomer(t) || !t.methodType || !types.includes(t.methodType)) return null;
  return t;
}

/** "Decline", "Simulate failed transfer", "Simulate failure": DECLINED `provider_rejected`. */
export async function simulateDecline({ token }: { token: string }): Promise<CheckoutResult> {
  const t = await openSandboxCheckout(token, ["ewallet", "bnpl", "bank_transfer", "crypto"]);
  if (!t) return { kind: "closed" };
  logger.info({ transactionId: t.id, method: t.methodType }, "sandbox checkout: simulated decline");
  return checkoutResultOf(await applyCheckoutResult(t, customerDeclines()));
}

/** E-wallet "Approve": SUCCESS, unless the wallet e-mail is the documented decline address. */
export async function approveWallet({ token, email }: { token: string; email: string }): Promise<CheckoutResult> {
  const t = await openSandboxCheckout(token, ["ewallet"]);
  if (!t) return { kind: "closed" };
  const address = email.trim().toLowerCase();
  if (!/^[^\s@]{1,64}@[^\s@]{1,190}\.[^\s@]{2,63}$/.test(address)) return { kind: "invalid", errors: { email: "invalidEmail" } };
  return checkoutResultOf(await applyCheckoutResult(t, await customerApproves(t, { email: address })));
}

/** BNPL "Approve" with the chosen instalment plan. */
export async function approveBnpl({ token, plan }: { token: string; plan: string }): Promise<CheckoutResult> {
  const t = await openSandboxCheckout(token, ["bnpl"]);
  if (!t) return { kind: "closed" };
  if (!isPlanId(plan) || !instalmentPlans(t.amount).some((p) => p.id === plan)) return { kind: "invalid", errors: { plan: "planRequired" } };
  return checkoutResultOf(await applyCheckoutResult(t, await customerApproves(t, { plan })));
}

/** Bank transfer "I have paid": the transfer arrives after SALE_SETTLEMENT_MS × SANDBOX_TIME_SCALE. */
export async function reportTransferSent({ token }: { token: string }): Promise<CheckoutResult> {
  const t = await openSandboxCheckout(token, ["bank_transfer"]);
  if (!t) return { kind: "closed" };
  if (readCheckoutState(t.providerState).step === "settling") return { kind: "next" };
  const { providerRef, settlesInMs } = await awaitedPayment(t);
  return startSettlement(t, { providerRef, delayMs: settlesInMs });
}

/** Showing the crypto address starts the simulated network's clock, once; true when this call started it. */
export async function watchCryptoPayment(t: CheckoutTransaction): Promise<boolean> {
  if (t.environment !== "sandbox" || t.methodType !== "crypto" || t.status !== "PROCESSING") return false;
  if (readCheckoutState(t.providerState).step !== "idle") return false;
  const { providerRef, settlesInMs } = await awaitedPayment(t);
  return (await startSettlement(t, { providerRef, delayMs: Math.max(settlesInMs, CRYPTO_MIN_CONFIRMATION_MS) })).kind === "next";
}
