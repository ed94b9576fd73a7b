// Customers are identified per merchant and environment by the merchant's
// buyerId (SPEC §3). Every transaction request makes sure the customer exists
// and, when it carries a `customer` object, records the fields it sent.
// Runs inside the request's database transaction, so a request that fails
// (duplicate orderId, insufficient balance, ...) leaves no customer behind.
import { Prisma } from "@/lib/generated/prisma/client";
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

/**
 * The same as upsertCustomer, as CTEs of a larger statement (lib/transactions/insert-new-transaction.ts):
 * `customer` yields the buyer's id — one row, or none when a concurrent first
 * request inserted the buyer after this statement's snapshot (the caller then
 * sends its statement again). A returning buyer is read, not written, unless
 * a sent field differs from the stored one (SPEC §6 "No hot rows").
 */
/** Items each followed by a comma (nothing for none): Prisma.join refuses an empty list. */
const list = (items: Prisma.Sql[]) => (items.length === 0 ? Prisma.empty : Prisma.sql`${Prisma.join(items)},`);

export function customerCtes({ merchantId, environment, buyerId, details = {} }: Omit<UpsertCustomerOptions, "tx">): Prisma.Sql {
  const sent = Object.entries(details).filter(([, v]) => v !== undefined) as [keyof TCustomerInput, string][];
  const col = (f: string) => Prisma.raw(`"${f}"`);
  const same = sent.length === 0 ? Prisma.sql`true` : Prisma.join(sent.map(([f, v]) => Prisma.sql`${col(f)} IS NOT DISTINCT FROM ${v}::text`), " AND ");
  const update =
    sent.length === 0
      ? Prisma.empty
      : Prisma.sql`,
    customer_updated AS (
      UPDATE "Customer" c SET ${Prisma.join(sent.map(([f, v]) => Prisma.sql`${col(f)} = ${v}::text`))}, "updatedAt" = now()
      FROM customer_found f WHERE c.id = f.id AND NOT f.same
    )`;
  return Prisma.sql`
    customer_found AS (
      SELECT id, ${same} AS same FROM "Customer" WHERE "merchantId" = ${merchantId} AND environment = ${environment}::"Environment" AND "buyerId" = ${buyerId}
    ),
    customer_created AS (
      INSERT INTO "Customer" (id, "merchantId", environment, "buyerId", ${list(sent.map(([f]) => col(f)))} "updatedAt")
      SELECT ${newId("customer")}, ${merchantId}, ${environment}::"Environment", ${buyerId}, ${list(sent.map(([, v]) => Prisma.sql`${v}::text`))} now()
      WHERE NOT EXISTS (SELECT 1 FROM customer_found)
      ON CONFLICT ("merchantId", environment, "buyerId") DO NOTHING
      RETURNING id
    )${update},
    customer AS (SELECT id FROM customer_created UNION ALL SELECT id FROM customer_found)`;
}
