// 'KYC verification required' (SPEC §7): a payout above the merchant's
// kycThreshold needs the customer's KYC verified. The answer carries the
// hosted page that gets them verified. Runs before the payout's database
// transaction: the verification session it starts must survive the 400.
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import type { Environment } from "@/lib/generated/prisma/enums";
import type { TCustomerInput } from "@/lib/customers/schemas";
import { startKycVerification } from "@/lib/kyc/start-kyc-verification";
import { getCachedRiskSettings } from "@/lib/merchants/get-risk-settings";

export interface RequirePayoutKycOptions {
  merchantId: string;
  environment: Environment;
  buyerId: string;
  amount: bigint;
  customer?: TCustomerInput;
}

export async function requirePayoutKyc({ merchantId, environment, buyerId, amount, customer }: RequirePayoutKycOptions): Promise<void> {
  // The threshold from the per-process cache, as a sale's review threshold is (a change applies within 2 s): a payout
  // then costs the API key and its one writing statement (tests/perf/round-trips.test.ts).
  const settings = await getCachedRiskSettings({ merchantId, environment });
  if (amount <= settings.kycThreshold) return;
  const existing = await db.customer.findUnique({ where: { merchantId_environment_buyerId: { merchantId, environment, buyerId } }, select: { kycStatus: true } });
  if (existing?.kycStatus === "verified") return;
  const { verificationUrl } = await startKycVerification({ merchantId, environment, buyerId, customer });
  throw new AppError("invalid_request", "KYC verification required", { extra: { verificationUrl } });
}
