// Operators raise (or lower) a merchant's API rate limits (SPEC §11), through
// the same function as `merchant:limits`, with the change audited.
import { z } from "zod";
import { writeAudit } from "@/lib/audit/write-audit";
import { setRateLimits } from "@/lib/merchants/set-rate-limits";
import { auditActor } from "../audit-actor";
import { assertOperator } from "../authz";
import type { StaffUser } from "@/lib/auth/staff-user";
import { parseInput } from "@/lib/schema/parse-input";
import { ZReason } from "../schemas";

const limit = (field: string) =>
  z
    .string()
    .trim()
    .refine((v) => v === "" || (/^\d{1,7}$/.test(v) && Number(v) >= 1 && Number(v) <= 1_000_000), `${field} must be a whole number from 1 to 1000000, or empty to keep it`)
    .transform((v) => (v === "" ? undefined : Number(v)));

const ZMerchantLimitsInput = z.object({
  merchantId: z.string().min(1).max(100),
  ratePerMinute: limit("ratePerMinute"),
  burstPerSecond: limit("burstPerSecond"),
  reason: ZReason,
});

export async function updateMerchantLimits({ actor, input, ip = null }: { actor: StaffUser; input: unknown; ip?: string | null }) {
  assertOperator(actor);
  const { merchantId, ratePerMinute, burstPerSecond, reason } = parseInput(ZMerchantLimitsInput, input);
  const limits = await setRateLimits({ merchantId, ratePerMinute, burstPerSecond });
  await writeAudit({ ...auditActor(actor, ip), action: "merchant.rate_limits_updated", merchantId, targetType: "merchant", targetId: merchantId, reason: reason || undefined, details: { ratePerMinute, burstPerSecond } });
  return limits;
}
