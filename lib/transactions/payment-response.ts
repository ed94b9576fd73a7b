// The seed's PaymentResponse `{status: true, transaction, url?}`: the success
// body of every POST that creates or moves a transaction (SPEC §5).
import type { Transaction } from "@/lib/generated/prisma/client";
import { serializeTransaction } from "./serialize-transaction";

export function paymentResponse({ transaction, url }: { transaction: Transaction; url?: string }) {
  return { status: true as const, transaction: serializeTransaction(transaction), ...(url ? { url } : {}) };
}
