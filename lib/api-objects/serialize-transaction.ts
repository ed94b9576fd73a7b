// The API's Transaction object (SPEC §3): the seed's fields first, then the
// additions; absent optional fields are omitted rather than null.
import type { Transaction } from "@/lib/generated/prisma/client";
import { iso } from "@/lib/time";
import type { TTransaction } from "./transaction";

/** The zod schema (lib/transactions/schemas.ts) is the one declaration of this shape; it also feeds the OpenAPI document. */
export type ApiTransaction = TTransaction;

export function serializeTransaction(t: Transaction): ApiTransaction {
  const out: ApiTransaction = {
    id: t.id,
    orderId: t.orderId,
    status: t.status,
    action: t.action,
    amount: Number(t.amount),
    currency: t.currency,
    createdAt: iso(t.createdAt),
    updatedAt: iso(t.updatedAt),
    paymentMethod: t.paymentMethod,
    environment: t.environment,
    buyerId: t.buyerId,
  };
  if (t.parentId) out.parentId = t.parentId;
  if (t.declineCode) out.declineCode = t.declineCode;
  if (t.declineMessage) out.declineMessage = t.declineMessage;
  if (t.cardLast4 && t.cardBrand && t.cardExpMonth && t.cardExpYear) {
    out.card = { brand: t.cardBrand, last4: t.cardLast4, expMonth: t.cardExpMonth, expYear: t.cardExpYear };
  }
  if (t.action === "SALE" || t.action === "AUTHORIZE") out.refundedAmount = Number(t.refundedAmount);
  if (t.action === "AUTHORIZE") {
    out.authorizedAt = t.authorizedAt ? iso(t.authorizedAt) : null;
    out.captureBefore = t.captureBefore ? iso(t.captureBefore) : null;
    out.capturedAmount = Number(t.capturedAmount);
  }
  if (t.metadata !== null && t.metadata !== undefined) out.metadata = t.metadata;
  if (t.expiresAt && (t.status === "PROCESSING" || t.status === "CREATED")) out.expiresAt = iso(t.expiresAt);
  return out;
}
