// Resolves the `paymentMethod` a request names (SPEC §3): a type slug
// (`card`, `paypal`, ...) or an id (`cr_…`, `pm_…`). Unknown → 'Invalid
// payment method'; known but not enabled for this merchant, currency, action,
// amount or environment → 'Payment method not available' (both 400).
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import type { PaymentMethod } from "@/lib/generated/prisma/client";
import type { Environment, TransactionAction } from "@/lib/generated/prisma/enums";
import { merchantConfigCache } from "@/lib/merchant-config-cache";
import { isServed } from "@/lib/providers/registry";
import { SANDBOX_CATALOGUE } from "./default-catalogue";

/** Every slug the gateway knows, whether or not a merchant has enabled it. */
const KNOWN_SLUGS: ReadonlySet<string> = new Set([...SANDBOX_CATALOGUE.map((m) => m.slug), "ewallet"]);

export interface ResolveOptions {
  merchantId: string;
  environment: Environment;
  name: string;
  action: TransactionAction;
  currency: string;
  amount: bigint;
}

const invalid = () => new AppError("invalid_request", "Invalid payment method", { param: "paymentMethod" });
/** Known but not enabled for this merchant, currency, action, amount or environment (or, routed, no route fits). */
export const unavailable = () => new AppError("invalid_request", "Payment method not available", { param: "paymentMethod" });

/** A merchant's methods by the name a request gives, for up to 1.5 s (lib/merchant-config-cache.ts). */
const methods = merchantConfigCache<PaymentMethod>();

/** After a change to a merchant's catalogue commits: this process sees it at once, others within 2 s. */
export function forgetCachedPaymentMethods(scope: { merchantId: string; environment: Environment }): void {
  methods.forget(scope);
}

export async function resolvePaymentMethod({ merchantId, environment, name, action, currency, amount }: ResolveOptions): Promise<PaymentMethod> {
  const byId = /^(cr|pm)_[0-9A-Za-z]{10,}$/.test(name);
  if (!byId && !KNOWN_SLUGS.has(name)) throw invalid();
  const method = await methods.get({ merchantId, environment }, name, () =>
    byId
      ? db.paymentMethod.findFirst({ where: { id: name, merchantId } })
      : db.paymentMethod.findUnique({ where: { merchantId_environment_slug: { merchantId, environment, slug: name } } }),
  );
  if (!method) throw byId ? invalid() : unavailable();
  const fits =
    method.environment === environment &&
    method.enabled &&
    method.actions.includes(action) &&
    method.currencies.includes(currency) &&
    (method.minAmount === null || amount >= method.minAmount) &&
    (method.maxAmount === null || amount <= method.maxAmount) &&
    // A routed method still needs a route that fits the payment: the payment flow asks (lib/routing/plan-route.ts).
    isServed(environment, method.provider);
  if (!fits) throw unavailable();
  return method;
}
