// GET /v1/payment-methods (SPEC §3, §5): the methods enabled for the key's
// merchant and environment. `slug` is what a request may name instead of the
// id (`"paymentMethod": "paypal"`), so it is listed next to it.
import { z } from "@/lib/schema/zod";
import { db } from "@/lib/db";
import type { Environment } from "@/lib/generated/prisma/enums";
import { getProvider, ROUTED } from "@/lib/providers/registry";

const ZPaymentMethod = z.object({
  id: z.string().meta({ description: "cr_… for cards, pm_… otherwise", example: "cr_5gHk2LpQ9wZx7VbN3mRt8YcD" }),
  slug: z.string().meta({ description: "The name a request may use as paymentMethod", example: "card" }),
  type: z.enum(["card", "bank_transfer", "ewallet", "crypto", "bnpl"]),
  name: z.string().meta({ example: "Card" }),
  currencies: z.array(z.string()).meta({ example: ["USD", "EUR", "GBP"] }),
  actions: z.array(z.enum(["SALE", "AUTHORIZE", "PAYOUT"])).meta({ description: "What the method can do: SALE (take a payment), AUTHORIZE (hold now, capture later), PAYOUT", example: ["SALE", "AUTHORIZE"] }),
  minAmount: z.number().int().nullable().meta({ description: "Smallest accepted amount in minor units; null = 1" }),
  maxAmount: z.number().int().nullable().meta({ description: "Largest accepted amount in minor units; null = no method limit" }),
  requiresRedirect: z.boolean().meta({ description: "true when the customer always completes on the hosted checkout" }),
})
  .openapi("PaymentMethod");

export const ZPaymentMethodList = z.object({ data: z.array(ZPaymentMethod) })
  .openapi("PaymentMethodList");
export type TPaymentMethodList = z.infer<typeof ZPaymentMethodList>;

export async function listPaymentMethods({ merchantId, environment }: { merchantId: string; environment: Environment }): Promise<TPaymentMethodList> {
  const methods = await db.paymentMethod.findMany({ where: { merchantId, environment, enabled: true }, orderBy: [{ createdAt: "asc" }, { slug: "asc" }] });
  // A routed method is offered while it has a route to a connector (SPEC §21, lib/routing/set-route.ts).
  const routed = methods.some((m) => m.provider === ROUTED)
    ? new Set((await db.paymentRoute.findMany({ where: { merchantId, environment }, select: { method: true }, distinct: ["method"] })).map((r) => r.method))
    : new Set<string>();
  return {
    data: methods
      // A method whose provider is not configured cannot take a payment, so it is not offered.
      .filter((m) => (m.provider === ROUTED ? routed.has(m.slug) : getProvider(environment, m.provider) !== null))
      .map((m) => ({
        id: m.id,
        slug: m.slug,
        type: m.type,
        name: m.name,
        currencies: m.currencies,
        actions: m.actions.filter((a): a is "SALE" | "AUTHORIZE" | "PAYOUT" => a === "SALE" || a === "AUTHORIZE" || a === "PAYOUT"),
        minAmount: m.minAmount === null ? null : Number(m.minAmount),
        maxAmount: m.maxAmount === null ? null : Number(m.maxAmount),
        requiresRedirect: m.requiresRedirect,
      })),
  };
}
