// An operator decides a submitted production verification (SPEC §7, §13
// "Customers — verify: OPERATOR"). Approving grants the level (enhanced is
// how a customer gets the higher daily payout limit); rejecting a customer
// who was already verified at basic leaves that standing. Conditional on the
// verification still pending, so two operators deciding at once produce one decision.
import { requireStaffUser, type StaffActor } from "@/lib/auth/staff-user";
import { writeAudit } from "@/lib/audit/write-audit";
import { db } from "@/lib/db";
import { AppError, notFound } from "@/lib/errors";
import type { KycLevel } from "@/lib/generated/prisma/enums";
import { higherLevel } from "./higher-level";

export interface ReviewKycOptions {
  actor: StaffActor;
  verificationId: string;
  decision: "approve" | "reject";
  /** Level to grant on approval; defaults to the level the verification asked for. */
  level?: KycLevel;
  note?: string;
}

export async function reviewKyc({ actor, verificationId, decision, level, note }: ReviewKycOptions) {
  const user = await requireStaffUser(actor);
  if (!user.isOperator) throw new AppError("insufficient_permissions", "Only platform operators can review KYC verifications");
  const v = await db.kycVerification.findUnique({ where: { id: verificationId }, include: { customer: true } });
  if (!v) throw notFound("Verification not found");
  if (v.status !== "pending" || !v.submittedAt) throw new AppError("invalid_request", `Verification is ${v.submittedAt ? v.status : "not submitted yet"}; only a submitted, pending verification can be reviewed`);

  const granted = level ?? v.level;
  const status = decision === "approve" ? ("verified" as const) : ("rejected" as const);
  const now = new Date();
  return db.$transaction(async (tx) => {
    const { count } = await tx.kycVerification.updateMany({
      where: { id: v.id, status: "pending" },
      data: { status, level: decision === "approve" ? granted : v.level, reviewedAt: now, reviewedById: user.id, reviewNote: note?.trim() || null },
    });
    if (count !== 1) throw new AppError("invalid_request", "Someone else reviewed this verification first");
    const customer = await tx.customer.update({
      where: { id: v.customerId },
      data:
        decision === "approve"
          ? { kycStatus: "verified", kycLevel: higherLevel(v.customer.kycLevel, granted) }
          : { kycStatus: v.customer.kycStatus === "verified" ? "verified" : "rejected" },
      select: { id: true, buyerId: true, kycStatus: true, kycLevel: true },
    });
    await writeAudit(
      {
        action: decision === "approve" ? "kyc.approved" : "kyc.rejected",
        actorType: "user",
        actorId: user.id,
        actorEmail: user.email,
        merchantId: v.customer.merchantId,
        environment: v.customer.environment,
        targetType: "kyc_verification",
        targetId: v.id,
        reason: note?.trim() || undefined,
        details: { level: granted, customerId: v.customerId },
        ip: actor.ip ?? null,
      },
      tx,
    );
    return { verificationId: v.id, status, customer };
  });
}
