// GET /v1/customers/{buyerId} (SPEC §5): the customer's fields as last sent,
// KYC status and level, and what is left of today's payout limit.
import { db } from "@/lib/db";
import { notFound } from "@/lib/errors";
import type { Environment } from "@/lib/generated/prisma/enums";
import { iso } from "@/lib/time";
import { remainingPayoutLimit } from "./remaining-payout-limit";
import type { TCustomer } from "./schemas";

const OPTIONAL_FIELDS = ["email", "firstName", "lastName", "phone", "address", "address2", "city", "country", "state", "zip", "ip", "userAgent", "dob"] as const;

export async function getCustomer({ merchantId, environment, buyerId }: { merchantId: string; environment: Environment; buyerId: string }): Promise<TCustomer> {
  const c = await db.customer.findUnique({ where: { merchantId_environment_buyerId: { merchantId, environment, buyerId } } });
  if (!c) throw notFound(`No customer with buyerId ${buyerId}`);
  const limit = await remainingPayoutLimit({ merchantId, environment, buyerId, kycLevel: c.kycLevel });
  const fields: Partial<TCustomer> = {};
  for (const field of OPTIONAL_FIELDS) {
    const value = c[field];
    if (value !== null) fields[field] = value;
  }
  const out: TCustomer = {
    id: c.id,
    buyerId: c.buyerId,
    environment: c.environment,
    ...fields,
    kycStatus: c.kycStatus,
    kycLevel: c.kycLevel,
    dailyPayoutLimit: Number(limit.daily),
    remainingPayoutLimit: Number(limit.remaining),
    createdAt: iso(c.createdAt),
    updatedAt: iso(c.updatedAt),
  };
  return out;
}
