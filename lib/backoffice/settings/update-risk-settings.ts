// Settings → Risk: the thresholds of SPEC §7, the checkout expiry of SPEC §4
// and how long an authorization's hold waits for its capture (SPEC §17), per environment. Amounts are integers of minor units, as everywhere.
import { z } from "zod";
import { writeAudit } from "@/lib/audit/write-audit";
import { db } from "@/lib/db";
import { notFound } from "@/lib/errors";
import { auditActor } from "../audit-actor";
import { authorize } from "../authz";
import type { StaffUser } from "@/lib/auth/staff-user";
import { parseInput } from "@/lib/schema/parse-input";
import { forgetCachedRiskSettings } from "@/lib/merchants/get-risk-settings";
import { AUTHORIZATION_VALIDITY_DAYS } from "@/lib/risk/risk-defaults";
import { ZEnvironment, ZReason } from "../schemas";

const MAX_MINOR = 1_000_000_000_000;

function wholeNumber(field: string, min: number, max: number) {
  return z
    .string()
    .trim()
    .refine((v) => /^\d{1,15}$/.test(v) && Number(v) >= min && Number(v) <= max, `${field} must be a whole number from ${min} to ${max}`)
    .transform(Number);
}

const ZRiskSettingsInput = z.object({
  environment: ZEnvironment,
  kycThreshold: wholeNumber("kycThreshold", 0, MAX_MINOR),
  dailyLimitBasic: wholeNumber("dailyLimitBasic", 1, MAX_MINOR),
  dailyLimitEnhanced: wholeNumber("dailyLimitEnhanced", 1, MAX_MINOR),
  reviewThreshold: wholeNumber("reviewThreshold", 1, MAX_MINOR),
  velocityLimit: wholeNumber("velocityLimit", 1, 10_000),
  /** Empty = sale review off (the default). */
  saleReviewThreshold: z.union([z.literal("").transform(() => null), wholeNumber("saleReviewThreshold", 1, MAX_MINOR)]),
  dualApprovalThreshold: wholeNumber("dualApprovalThreshold", 1, MAX_MINOR),
  checkoutExpiryMinutes: wholeNumber("checkoutExpiryMinutes", 5, 10_080),
  /** Absent = unchanged (forms from before SPEC §17 do not send it). Applies to holds placed from now on. */
  authorizationValidityDays: wholeNumber("authorizationValidityDays", AUTHORIZATION_VALIDITY_DAYS.min, AUTHORIZATION_VALIDITY_DAYS.max).optional(),
  reason: ZReason,
});

export async function updateRiskSettings({ actor, merchantId, input, ip = null }: { actor: StaffUser; merchantId: string; input: unknown; ip?: string | null }): Promise<void> {
  await authorize({ actor, merchantId, permission: "settings.manage" });
  const { environment, reason, ...values } = parseInput(ZRiskSettingsInput, input);
  await db.$transaction(async (tx) => {
    const current = await tx.merchantSettings.findUnique({ where: { merchantId_environment: { merchantId, environment } } });
    if (!current) throw notFound("Settings not found");
    const big = (v: number | null) => (v === null ? null : BigInt(v));
    await tx.merchantSettings.update({
      where: { id: current.id },
      data: {
        kycThreshold: BigInt(values.kycThreshold),
        dailyLimitBasic: BigInt(values.dailyLimitBasic),
        dailyLimitEnhanced: BigInt(values.dailyLimitEnhanced),
        reviewThreshold: BigInt(values.reviewThreshold),
        velocityLimit: values.velocityLimit,
        saleReviewThreshold: big(values.saleReviewThreshold),
        dualApprovalThreshold: BigInt(values.dualApprovalThreshold),
        checkoutExpiryMinutes: values.checkoutExpiryMinutes,
        authorizationValidityDays: values.authorizationValidityDays,
      },
    });
    const before = {
      kycThreshold: Number(current.kycThreshold),
      dailyLimitBasic: Number(current.dailyLimitBasic),
      dailyLimitEnhanced: Number(current.dailyLimitEnhanced),
      reviewThreshold: Number(current.reviewThreshold),
      velocityLimit: current.velocityLimit,
      saleReviewThreshold: current.saleReviewThreshold === null ? null : Number(current.saleReviewThreshold),
      dualApprovalThreshold: Number(current.dualApprovalThreshold),
      checkoutExpiryMinutes: current.checkoutExpiryMinutes,
      authorizationValidityDays: current.authorizationValidityDays,
    };
    await writeAudit(
      { ...auditActor(actor, ip), action: "merchant_settings.updated", merchantId, environment, targetType: "merchant_settings", targetId: current.id, reason: reason || undefined, details: { before, after: values } },
      tx,
    );
  });
  forgetCachedRiskSettings({ merchantId, environment });
}
