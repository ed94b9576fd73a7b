// One transaction of the key's merchant and environment (SPEC §5). Another
// merchant's id, or this merchant's id from the other environment, is
// answered exactly like an unknown id: 404, revealing nothing.
import { db, type Tx } from "@/lib/db";
import { notFound } from "@/lib/errors";
import type { Transaction } from "@/lib/generated/prisma/client";
import type { Environment } from "@/lib/generated/prisma/enums";

export interface GetTransactionOptions {
  merchantId: string;
  environment: Environment;
  id: string;
  tx?: Tx;
}

export async function getTransaction({ merchantId, environment, id, tx = db }: GetTransactionOptions): Promise<Transaction> {
  const t = /^tx_[0-9A-Za-z]{10,40}$/.test(id) ? await tx.transaction.findUnique({ where: { id } }) : null;
  if (!t || t.merchantId !== merchantId || t.environment !== environment) throw notFound(`No such transaction: ${id.slice(0, 64)}`);
  return t;
}
