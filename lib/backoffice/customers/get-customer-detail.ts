// One customer of the merchant and environment (Customers → detail): the
// fields as last sent, KYC status and level, every verification with what
// was submitted and who reviewed it, today's payout limit, and the latest
// transactions. A customer of another merchant or environment is "not found".
import { remainingPayoutLimit } from "@/lib/customers/remaining-payout-limit";
import { db } from "@/lib/db";
import { notFound } from "@/lib/errors";
import type { Environment } from "@/lib/generated/prisma/enums";
import { getRiskAmountUnit } from "../settings/risk-amounts";
import { assertCan, type MerchantAccess } from "../authz";
import { TRANSACTION_ROW_SELECT } from "../transactions/list-transactions-page";

export async function getCustomerDetail({ access, environment, customerId }: { access: MerchantAccess; environment: Environment; customerId: string }) {
  assertCan(access, "merchant.view");
  const merchantId = access.merchant.id;
  const customer = /^cus_[0-9A-Za-z]{10,40}$/.test(customerId) ? await db.customer.findUnique({ where: { id: customerId } }) : null;
  if (!customer || customer.merchantId !== merchantId || customer.environment !== environment) throw notFound("Customer not found");
  const [limit, unit, verifications, transactions] = await Promise.all([
    remainingPayoutLimit({ merchantId, environment, buyerId: customer.buyerId, kycLevel: customer.kycLevel }),
    getRiskAmountUnit({ merchantId, environment }),
    db.kycVerification.findMany({ where: { customerId: customer.id }, orderBy: { createdAt: "desc" }, take: 20 }),
    db.transaction.findMany({
      where: { merchantId, environment, buyerId: customer.buyerId },
      select: TRANSACTION_ROW_SELECT,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: 10,
    }),
  ]);
  const reviewerIds = [...new Set(verifications.map((v) => v.reviewedById).filter((id): id is string => id !== null))];
  const reviewers = reviewerIds.length > 0 ? await db.user.findMany({ where: { id: { in: reviewerIds } }, select: { id: true, email: true } }) : [];
  const emailOf = new Map(reviewers.map((r) => [r.id, r.email]));
  return {
    customer,
    limit,
    /** How the limit reads (major units of each payout's own currency). */
    unit,
    verifications: verifications.map((v) => ({ ...v, reviewerEmail: v.reviewedById ? (emailOf.get(v.reviewedById) ?? null) : null })),
    transactions,
  };
}

export type CustomerDetail = Awaited<ReturnType<typeof getCustomerDetail>>;
