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
  const sent = Object.fromEntries(Object.entries(details).filter(([, v]) => v !== undefined)) as Partial<Record<keyof TCustomerInput, string>>;
  const fields = Object.keys(sent) as (keyof TCustomerInput)[];
  // A returning buyer costs one read. The row is written only when a sent
  // field differs from what is stored (SPEC §6 "No hot rows"): a rewrite
  // would make two payments of one buyer wait for each other's row lock.
  const existing = await tx.customer.findUnique({ where, select: { id: true, ...Object.fromEntries(fields.map((f) => [f, true])) } });
  if (existing) {
    const stored = existing as unknown as Record<string, string | null>;
    if (fields.every((f) => stored[f] === sent[f])) return { id: existing.id };
    return tx.customer.update({ where, data: sent, select: { id: true } });
  }
  // INSERT … ON CONFLICT DO NOTHING: concurrent first requests for one buyer
  // cannot fail on the unique key; the loser records its fields on the winner's row.
  const id = newId("customer");
  const { count } = await tx.customer.createMany({ data: [{ id, merchantId, environment, buyerId, ...sent }], skipDuplicates: true });
  if (count === 1) return { id };
  if (fields.length > 0) return tx.customer.update({ where, data: sent, select: { id: true } });
  return tx.customer.findUniqueOrThrow({ where, select: { id: true } });
}
