// An operator grants the enhanced KYC level (SPEC §7: "Enhanced is granted by
// an operator after enhanced verification") to a customer whose identity is
// already verified, after checking the extra evidence (source of funds,
// documents sent outside Sluice) themselves. Only an operator, with a
// required reason; recorded as a reviewed verification in the customer's KYC
// history (lib/kyc/grant-enhanced-level.ts) and in the audit log.
import { z } from "zod";
import { writeAudit } from "@/lib/audit/write-audit";
import { db } from "@/lib/db";
import { invalid, notFound } from "@/lib/errors";
import { grantEnhancedKycLevel } from "@/lib/kyc/grant-enhanced-level";
import { auditActor } from "../audit-actor";
import { authorize } from "../authz";
import type { StaffUser } from "@/lib/auth/staff-user";
import { formText } from "../form-text";
import { parseInput } from "@/lib/schema/parse-input";
import { ZEnvironment } from "../schemas";

const ZGrantEnhancedInput = z.object({
  customerId: z.string().regex(/^cus_[0-9A-Za-z]{10,40}$/, "customerId must be a customer id (cus_…)"),
  environment: ZEnvironment,
  reason: formText("reason", 500).refine((v) => v.length > 0, "reason is required: say what you checked"),
});

export async function grantEnhancedLevel({ actor, merchantId, input, ip = null }: { actor: StaffUser; merchantId: string; input: unknown; ip?: string | null }) {
  await authorize({ actor, merchantId, permission: "customers.verify" });
  const data = parseInput(ZGrantEnhancedInput, input);
  const c = await db.customer.findUnique({ where: { id: data.customerId }, select: { id: true, merchantId: true, environment: true, buyerId: true, kycStatus: true, kycLevel: true } });
  if (!c || c.merchantId !== merchantId || c.environment !== data.environment) throw notFound("Customer not found");
  if (c.kycLevel === "enhanced") throw invalid("This customer already has the enhanced level");
  if (c.kycStatus !== "verified") throw invalid(`The customer's identity is not verified (KYC ${c.kycStatus}); verify it before granting the enhanced level`);

  return db.$transaction(async (tx) => {
    const verification = await grantEnhancedKycLevel({ customerId: c.id, reviewedById: actor.id, note: data.reason, tx });
    await writeAudit(
      { ...auditActor(actor, ip), action: "kyc.enhanced_granted", merchantId, environment: c.environment, targetType: "customer", targetId: c.id, reason: data.reason, details: { verificationId: verification.verificationId, buyerId: c.buyerId } },
      tx,
    );
    return { customerId: c.id, kycLevel: "enhanced" as const };
  });
}
