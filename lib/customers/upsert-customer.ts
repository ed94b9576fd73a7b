// Customers are identified per merchant and environment by the merchant's
// buyerId (SPEC §3). Every transaction request makes sure the customer exists
// and, when it carries a `customer` object, records the fields it sent.
// Runs inside the request's database transaction, so a request that fails
// (duplicate orderId, insufficient balance, ...) leaves no customer behind.
import type { Tx } from "@/lib/db";
import type { Environment } from "@/lib/generated/prisma/enums";
import { newId } from "@/lib/ids";
import type { TCustomerInput } from "./schemas";

export interface UpsertCustomerOptions {
  tx: Tx;
  merchantId: string;
  environment: Environment;
  buyerId: string;
  /** Fields sent with this request; absent fields keep their stored value. */
  details?: TCustomerInput;
}

export async function upsertCustomer({ tx, merchantId, environment, buyerId, details = {} }: UpsertCustomerOptions): Promise<{ id: string }> {
  const where = { merchantId_environment_buyerId: { merchantId, environment, buyerId } };
  const changed = Object.values(details).some((v) => v !== undefined);
  // A returning buyer with nothing to record (the common case) costs one read.
  if (!changed) {
    const existing = await tx.customer.findUnique({ where, select: { id: true } });
    if (existing) return existing;
  }
  // INSERT … ON CONFLICT DO NOTHING: concurrent first requests for one buyer
  // cannot fail on the unique key; the loser simply finds the winner's row.
  await tx.customer.createMany({ data: [{ id: newId("customer"), merchantId, environment, buyerId, ...details }], skipDuplicates: true });
  return changed ? tx.customer.update({ where, data: details, select: { id: true } }) : tx.customer.findUniqueOrThrow({ where, select: { id: true } });
}
