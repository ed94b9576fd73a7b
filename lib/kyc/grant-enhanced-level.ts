// The enhanced KYC level (SPEC §7: "Enhanced is granted by an operator after
// enhanced verification"), recorded as a reviewed verification in the
// customer's KYC history. Conditional on the customer still being verified at
// basic, so two operators clicking at once grant it once.
import type { Tx } from "@/lib/db";
import { invalid } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { verificationToken, verificationTokenHash } from "./verification-token";

export async function grantEnhancedKycLevel({ customerId, reviewedById, note, tx }: { customerId: string; reviewedById: string; note: string; tx: Tx }): Promise<{ verificationId: string }> {
  const { count } = await tx.customer.updateMany({ where: { id: customerId, kycStatus: "verified", kycLevel: "basic" }, data: { kycLevel: "enhanced" } });
  if (count !== 1) throw invalid("The customer's KYC changed in the meantime; reload and try again");
  const id = newId("kyc");
  // Decided here, never sent to the customer: the link exists only as the hash every verification has.
  await tx.kycVerification.create({
    data: { id, customerId, tokenHash: verificationTokenHash(verificationToken(id)), level: "enhanced", status: "verified", reviewedAt: new Date(), reviewedById, reviewNote: note },
  });
  return { verificationId: id };
}
