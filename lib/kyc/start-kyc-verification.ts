// Starts a hosted KYC verification (SPEC §7): the API's
// POST /v1/customers/{buyerId}/verification and the 'KYC verification
// required' answer of a payout both hand the customer this session's URL.
// An open session of the same level is reused, so asking twice gives the
// customer one link, not two.
import { writeAudit } from "@/lib/audit/write-audit";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { LIMITS } from "@/lib/schema/fields";
import type { Environment, KycLevel } from "@/lib/generated/prisma/enums";
import { newId } from "@/lib/ids";
import { upsertCustomer } from "@/lib/customers/upsert-customer";
import type { TCustomerInput } from "@/lib/customers/schemas";
import type { TStartVerificationResponse } from "./schemas";
import { verificationToken, verificationTokenHash } from "./verification-token";
import { verificationUrl } from "./verification-url";

export interface StartKycVerificationOptions {
  merchantId: string;
  environment: Environment;
  buyerId: string;
  level?: KycLevel;
  customer?: TCustomerInput;
}

export async function startKycVerification({ merchantId, environment, buyerId, level = "basic", customer }: StartKycVerificationOptions): Promise<TStartVerificationResponse> {
  if (buyerId.length === 0 || buyerId.length > LIMITS.buyerId || /[\u0000-\u001f\u007f]/.test(buyerId)) {
    throw new AppError("invalid_request", `buyerId must be 1 to ${LIMITS.buyerId} characters without control characters`, { param: "buyerId" });
  }
  return db.$transaction(async (tx) => {
    const { id: customerId } = await upsertCustomer({ tx, merchantId, environment, buyerId, details: customer });
    const open = await tx.kycVerification.findFirst({ where: { customerId, level, status: "pending" }, orderBy: { createdAt: "desc" } });
    const id = open?.id ?? newId("kyc");
    const token = verificationToken(id);
    const verification = open ?? (await tx.kycVerification.create({ data: { id, customerId, tokenHash: verificationTokenHash(token), level } }));
    // An open verification from before links were derived (or from before a key rotation) gets the derived link now.
    if (open && open.tokenHash !== verificationTokenHash(token)) await tx.kycVerification.update({ where: { id }, data: { tokenHash: verificationTokenHash(token) } });
    if (!open) {
      await writeAudit({ action: "kyc.started", actorType: "api", merchantId, environment, targetType: "customer", targetId: customerId, details: { verificationId: verification.id, level } }, tx);
    }
    const c = await tx.customer.findUniqueOrThrow({ where: { id: customerId }, select: { kycStatus: true, kycLevel: true } });
    return {
      verificationUrl: verificationUrl(token),
      verificationId: verification.id,
      buyerId,
      level: verification.level,
      status: verification.status,
      kycStatus: c.kycStatus,
      kycLevel: c.kycLevel,
      createdAt: verification.createdAt.toISOString(),
    };
  });
}
