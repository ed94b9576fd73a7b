// The customer completes the hosted verification form (SPEC §7). Sandbox:
// verified at once, at the session's level. Production: pending until an
// operator decides (review-kyc.ts). Only the last 4 characters of the
// document number are kept: the review needs to tell documents apart, not
// to hold a copy of them.
import { verificationTokenHash } from "./verification-token";
import { writeAudit } from "@/lib/audit/write-audit";
import { db } from "@/lib/db";
import { AppError, notFound } from "@/lib/errors";
import type { KycStatus } from "@/lib/generated/prisma/enums";
import { higherLevel } from "./higher-level";
import type { TKycSubmission } from "./schemas";

export async function submitKycVerification({ token, submission }: { token: string; submission: TKycSubmission }): Promise<{ status: KycStatus }> {
  const v = await db.kycVerification.findUnique({ where: { tokenHash: verificationTokenHash(token) }, include: { customer: true } });
  if (!v) throw notFound("Verification not found");
  if (v.status !== "pending" || v.submittedAt) throw new AppError("invalid_request", "This verification has already been submitted");

  const sandbox = v.customer.environment === "sandbox";
  const now = new Date();
  const submitted = {
    firstName: submission.firstName,
    lastName: submission.lastName,
    dob: submission.dob,
    country: submission.country,
    documentType: submission.documentType,
    documentLast4: submission.documentNumber.replace(/[\s-]/g, "").slice(-4),
  };
  const status: KycStatus = sandbox ? "verified" : "pending";

  await db.$transaction(async (tx) => {
    // Conditional: a double submit (two tabs, a double click) is recorded once.
    const { count } = await tx.kycVerification.updateMany({
      where: { id: v.id, status: "pending", submittedAt: null },
      data: { submitted, submittedAt: now, status, ...(sandbox ? { reviewedAt: now, reviewNote: "sandbox: verified at once" } : {}) },
    });
    if (count !== 1) throw new AppError("invalid_request", "This verification has already been submitted");
    await tx.customer.update({
      where: { id: v.customerId },
      data: sandbox
        ? { kycStatus: "verified", kycLevel: higherLevel(v.customer.kycLevel, v.level) }
        : // A verified customer applying for enhanced stays verified (at basic) while the review runs.
          { kycStatus: v.customer.kycStatus === "verified" ? "verified" : "pending" },
    });
    await writeAudit(
      { action: "kyc.submitted", actorType: "customer", actorId: v.customer.buyerId, merchantId: v.customer.merchantId, environment: v.customer.environment, targetType: "kyc_verification", targetId: v.id, details: { level: v.level, status } },
      tx,
    );
  });
  return { status };
}
