// The sandbox's stand-in for a provider's own pages (SPEC §8): what the
// e-wallet's or BNPL lender's site answers when the customer presses
// "Approve" or "Decline", and how long a bank transfer or a crypto payment
// takes to arrive. The hosted checkout's simulation buttons
// (lib/checkout/simulate-provider.ts) ask here and apply the answer as they
// would a real provider's; no sandbox rule lives in the checkout.
import { env } from "@/lib/env";
import type { PaymentMethodType } from "@/lib/generated/prisma/enums";
import type { ProviderResult } from "../types";
import { sandboxProvider } from "./sandbox-provider";
import { DECLINE_MESSAGES } from "./test-cards";
import { PAYPAL_DECLINE_EMAIL, SALE_SETTLEMENT_MS } from "./test-values";

interface SandboxPayment {
  id: string;
  amount: bigint;
  currency: string;
  methodType: PaymentMethodType | null;
}

/** The sandbox provider's reference for a payment completed on its (simulated) pages. */
async function reference(t: SandboxPayment, details: Record<string, unknown>): Promise<string> {
  const result = await sandboxProvider.authorize({ transactionId: t.id, amount: t.amount, currency: t.currency, method: t.methodType!, details });
  return result.providerRef ?? "";
}

/** "Decline", "Simulate failed transfer", "Simulate failure": the provider rejects the payment. */
export function customerDeclines(): ProviderResult {
  return { status: "declined", code: "provider_rejected", message: DECLINE_MESSAGES.provider_rejected };
}

/** "Approve" on the e-wallet's or lender's page: paid, unless the wallet e-mail is the documented decline address. */
export async function customerApproves(t: SandboxPayment, details: { email?: string; plan?: string }): Promise<ProviderResult> {
  if (t.methodType === "ewallet" && details.email === PAYPAL_DECLINE_EMAIL) return customerDeclines();
  return { status: "succeeded", providerRef: await reference(t, details) };
}

/** A payment the customer has made elsewhere (bank transfer, crypto): the provider's reference, and when the sandbox confirms it. */
export async function awaitedPayment(t: SandboxPayment): Promise<{ providerRef: string; settlesInMs: number }> {
  return { providerRef: await reference(t, {}), settlesInMs: Math.round((SALE_SETTLEMENT_MS[t.methodType!] ?? 0) * env.SANDBOX_TIME_SCALE) };
}
