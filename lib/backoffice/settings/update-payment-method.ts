// Settings → Payment methods: enable or disable a method of the catalogue,
// and narrow its currencies and amount range. Which methods exist depends on
// the providers configured (the sandbox simulator in sandbox), so methods are
// edited here, never created.
import { z } from "zod";
import { writeAudit } from "@/lib/audit/write-audit";
import { db } from "@/lib/db";
import { invalid, notFound } from "@/lib/errors";
import { forgetCachedPaymentMethods } from "@/lib/payment-methods/resolve-payment-method";
import { savePaymentMethodSettings } from "@/lib/payment-methods/update-payment-method";
import { isCurrency } from "@/lib/schema/currencies";
import { auditActor } from "../audit-actor";
import { assertMayWorkIn, authorize } from "../authz";
import type { StaffUser } from "@/lib/auth/staff-user";
import { parseInput } from "@/lib/schema/parse-input";

const MAX_AMOUNT = 1_000_000_000_000; // 10^12 minor units: far above any single payment.

const optionalMinor = (field: string) =>
  z
    .string()
    .trim()
    .max(20)
    .refine((v) => v === "" || (/^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= MAX_AMOUNT), `${field} must be a whole number of minor units from 1 to ${MAX_AMOUNT}, or empty`)
    .transform((v) => (v === "" ? null : BigInt(v)));

const ZPaymentMethodInput = z.object({
  methodId: z.string().min(1).max(100),
  enabled: z.enum(["true", "false"]).transform((v) => v === "true"),
  currencies: z
    .string()
    .max(2000)
    .transform((v) => [...new Set(v.split(/[\s,]+/).map((c) => c.trim().toUpperCase()).filter(Boolean))])
    .refine((list) => list.length > 0, "currencies must list at least one currency code")
    .refine((list) => list.every(isCurrency), "currencies must be ISO 4217 codes such as USD, EUR"),
  minAmount: optionalMinor("minAmount"),
  maxAmount: optionalMinor("maxAmount"),
});

export async function updatePaymentMethod({ actor, merchantId, input, ip = null }: { actor: StaffUser; merchantId: string; input: unknown; ip?: string | null }): Promise<void> {
  const access = await authorize({ actor, merchantId, permission: "settings.manage" });
  const data = parseInput(ZPaymentMethodInput, input);
  if (data.minAmount !== null && data.maxAmount !== null && data.minAmount > data.maxAmount) throw invalid("minAmount must not be greater than maxAmount", "minAmount");
  const environment = await db.$transaction(async (tx) => {
    const method = await tx.paymentMethod.findFirst({ where: { id: data.methodId, merchantId }, select: { id: true, environment: true, slug: true, enabled: true, currencies: true, minAmount: true, maxAmount: true } });
    if (!method) throw notFound("Payment method not found");
    assertMayWorkIn(access, method.environment);
    const after = { enabled: data.enabled, currencies: data.currencies, minAmount: data.minAmount, maxAmount: data.maxAmount };
    await savePaymentMethodSettings({ methodId: method.id, settings: after, tx });
    const show = (v: { enabled: boolean; currencies: string[]; minAmount: bigint | null; maxAmount: bigint | null }) => ({
      enabled: v.enabled,
      currencies: v.currencies,
      minAmount: v.minAmount === null ? null : Number(v.minAmount),
      maxAmount: v.maxAmount === null ? null : Number(v.maxAmount),
    });
    await writeAudit(
      { ...auditActor(actor, ip), action: "payment_method.updated", merchantId, environment: method.environment, targetType: "payment_method", targetId: method.id, details: { slug: method.slug, before: show(method), after: show(after) } },
      tx,
    );
    return method.environment;
  });
  forgetCachedPaymentMethods({ merchantId, environment });
}
