// What the hosted verification page shows for a token: the merchant asking,
// the level, and where the session stands. Nothing about other customers.
import { verificationTokenHash } from "./verification-token";
import { db } from "@/lib/db";
import type { Environment, KycLevel, KycStatus } from "@/lib/generated/prisma/enums";

export interface VerificationSession {
  merchantName: string;
  environment: Environment;
  level: KycLevel;
  status: KycStatus;
  submitted: boolean;
  prefill: { firstName: string; lastName: string; dob: string; country: string };
}

export async function getVerificationSession({ token }: { token: string }): Promise<VerificationSession | null> {
  if (!/^[0-9A-Za-z]{20,64}$/.test(token)) return null;
  const v = await db.kycVerification.findUnique({
    where: { tokenHash: verificationTokenHash(token) },
    select: { level: true, status: true, submittedAt: true, customer: { select: { environment: true, firstName: true, lastName: true, dob: true, country: true, merchant: { select: { name: true } } } } },
  });
  if (!v) return null;
  const c = v.customer;
  return {
    merchantName: c.merchant.name,
    environment: c.environment,
    level: v.level,
    status: v.status,
    submitted: v.submittedAt !== null,
    prefill: { firstName: c.firstName ?? "", lastName: c.lastName ?? "", dob: c.dob ?? "", country: c.country ?? "" },
  };
}
