// Operators decide a submitted KYC verification from the customer's page
// (SPEC §7, §13 "Customers — verify: OPERATOR"), through the same reviewKyc
// as the CLI. Approving may grant the enhanced level (the higher daily payout
// limit). The verification must belong to a customer of this merchant and
// environment, or it is "not found".
import { z } from "zod";
import { db } from "@/lib/db";
import { notFound } from "@/lib/errors";
import { reviewKyc } from "@/lib/kyc/review-kyc";
import { authorize } from "../authz";
import type { StaffUser } from "@/lib/auth/staff-user";
import { formText } from "../form-text";
import { parseInput } from "@/lib/schema/parse-input";
import { ZEnvironment } from "../schemas";

const ZReviewVerificationInput = z.object({
  verificationId: z.string().regex(/^kyc_[0-9A-Za-z]{10,40}$/, "verificationId must be a verification id (kyc_…)"),
  environment: ZEnvironment,
  decision: z.enum(["approve", "reject"], { error: "decision must be approve or reject" }),
  level: z.enum(["basic", "enhanced"], { error: "level must be basic or enhanced" }).optional(),
  note: formText("note", 500).optional(),
});

export async function reviewVerificationAsStaff({ actor, merchantId, input, ip = null }: { actor: StaffUser; merchantId: string; input: unknown; ip?: string | null }) {
  await authorize({ actor, merchantId, permission: "customers.verify" });
  const data = parseInput(ZReviewVerificationInput, input);
  const v = await db.kycVerification.findUnique({ where: { id: data.verificationId }, select: { id: true, customer: { select: { merchantId: true, environment: true } } } });
  if (!v || v.customer.merchantId !== merchantId || v.customer.environment !== data.environment) throw notFound("Verification not found");
  return reviewKyc({ actor: { userId: actor.id, ip }, verificationId: v.id, decision: data.decision, level: data.decision === "approve" ? data.level : undefined, note: data.note });
}
