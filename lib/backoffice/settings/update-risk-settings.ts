// Settings → Risk: the thresholds of SPEC §7, the checkout expiry of SPEC §4
// and how long an authorization's hold waits for its capture (SPEC §17), per
// environment. Amounts are typed in major units (lib/backoffice/settings/
// risk-amounts.ts says in which) and stored as integers of minor units.
import { z } from "zod";
import { writeAudit } from "@/lib/audit/write-audit";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { auditActor } from "../audit-actor";
import { authorize } from "../authz";
import type { StaffUser } from "@/lib/auth/staff-user";
import { parseInput } from "@/lib/schema/parse-input";
import { forgetCachedRiskSettings } from "@/lib/merchants/get-risk-settings";
import { saveRiskSettings } from "@/lib/merchants/update-risk-settings";
import { AUTHORIZATION_VALIDITY_DAYS } from "@/lib/risk/risk-defaults";
import { environmentOf, ZEnvironment, ZReason } from "../schemas";
import { getRiskAmountUnit, parseRiskAmount, type RiskAmountUnit } from "./risk-amounts";

function wholeNumber(field: string, min: number, max: number) {
  return z
    .string()
    .trim()
    .refine((v) => /^\d{1,15}$/.test(v) && Number(v) >= min && Number(v) <= max, `${field} must be a whole number from ${min} to ${max}`)
    .transform(Number);
}

const amountText = z.string().max(40);

const ZRiskSettingsInput = z.object({
  environment: ZEnvironment,
  /** The decimals the form was rendered with: amounts typed on a page of another unit are not read in this one. */
  amountDigits: z.coerce.number().int().min(0).max(4).optional(),
  kycThreshold: amountText,
  dailyLimitBasic: amountText,
  dailyLimitEnhanced: amountText,
  reviewThreshold: amountText,
  velocityLimit: wholeNumber("velocityLimit", 1, 10_000),
  /** Empty = sale review off (the default). */
  saleReviewThreshold: amountText,
  dualApprovalThreshold: amountText,
  checkoutExpiryMinutes: wholeNumber("checkoutExpiryMinutes", 5, 10_080),
  /** Absent = unchanged (forms from before SPEC §17 do not send it). Applies to holds placed from now on. */
  authorizationValidityDays: wholeNumber("authorizationValidityDays", AUTHORIZATION_VALIDITY_DAYS.min, AUTHORIZATION_VALIDITY_DAYS.max).optional(),
  reason: ZReason,
});

function amounts(form: z.infer<typeof ZRiskSettingsInput>, unit: RiskAmountUnit) {
  return {
    kycThreshold: parseRiskAmount(form.kycThreshold, unit, "kycThreshold", 0n),
    dailyLimitBasic: parseRiskAmount(form.dailyLimitBasic, unit, "dailyLimitBasic"),
    dailyLimitEnhanced: parseRiskAmount(form.dailyLimitEnhanced, unit, "dailyLimitEnhanced"),
    reviewThreshold: parseRiskAmount(form.reviewThreshold, unit, "reviewThreshold"),
    saleReviewThreshold: form.saleReviewThreshold.trim() === "" ? null : parseRiskAmount(form.saleReviewThreshold, unit, "saleReviewThreshold"),
    dualApprovalThreshold: parseRiskAmount(form.dualApprovalThreshold, unit, "dualApprovalThreshold"),
  };
}

export async function updateRiskSettings({ actor, merchantId, input, ip = null }: { actor: StaffUser; merchantId: string; input: unknown; ip?: string | null }): Promise<void> {
  await authorize({ actor, merchantId, permission: "settings.manage", environment: environmentOf(input) });
  const form = parseInput(ZRiskSettingsInput, input);
  const { environment, reason } = form;
  const unit = await getRiskAmountUnit({ merchantId, environment });
  if (form.amountDigits !== undefined && form.amountDigits !== unit.digits) {
    throw new AppError("invalid_request", "The merchant's currencies changed since this page was opened, and with them how amounts are written: reload the page and enter the amounts again");
  }
  const values = { ...amounts(form, unit), velocityLimit: form.velocityLimit, checkoutExpiryMinutes: form.checkoutExpiryMinutes, authorizationValidityDays: form.authorizationValidityDays };
  await db.$transaction(async (tx) => {
    const current = await saveRiskSettings({ merchantId, environment, values, tx });
    // The audit entry keeps minor units, as stored (JSON has no bigint; these integers are exact as numbers).
    const plain = (v: typeof values | typeof current) => ({
      kycThreshold: Number(v.kycThreshold),
      dailyLimitBasic: Number(v.dailyLimitBasic),
      dailyLimitEnhanced: Number(v.dailyLimitEnhanced),
      reviewThreshold: Number(v.reviewThreshold),
      velocityLimit: v.velocityLimit,
      saleReviewThreshold: v.saleReviewThreshold === null ? null : Number(v.saleReviewThreshold),
      dualApprovalThreshold: Number(v.dualApprovalThreshold),
      checkoutExpiryMinutes: v.checkoutExpiryMinutes,
      authorizationValidityDays: v.authorizationValidityDays,
    });
    await writeAudit(
      {
        ...auditActor(actor, ip),
        action: "merchant_settings.updated",
        merchantId,
        environment,
        targetType: "merchant_settings",
        targetId: current.id,
        reason: reason || undefined,
        details: { before: plain(current), after: plain(values) },
      },
      tx,
    );
  });
  forgetCachedRiskSettings({ merchantId, environment });
}
