// Looks a checkout up by its token (SPEC §12: random, ≥ 128 bits, never the
// transaction id). A token that is malformed, unknown, or belongs to anything
// but a SALE is simply not found: the page answers 404 and says nothing more.
// Only the token's SHA-256 is stored (SPEC §20): a database reader cannot pay
// or cancel someone's checkout.
//
// The merchant's name and the method are read by id rather than through
// relations: a transaction has no foreign key to its merchant or method
// (SPEC §6 "No hot rows": each one would share-lock that parent row on every
// payment), so the page reads them next to it.
import { sha256Hex } from "@/lib/crypto";
import { db } from "@/lib/db";
import type { Transaction } from "@/lib/generated/prisma/client";
import type { PaymentMethodType } from "@/lib/generated/prisma/enums";

const TOKEN = /^[0-9A-Za-z]{20,64}$/;

export type CheckoutTransaction = Transaction & { merchant: { name: string }; method: { type: PaymentMethodType; name: string; slug: string; provider: string } | null };

async function withMerchantAndMethod(t: Transaction | null): Promise<CheckoutTransaction | null> {
  if (!t) return null;
  const [merchant, method] = await Promise.all([
    db.merchant.findUniqueOrThrow({ where: { id: t.merchantId }, select: { name: true } }),
    t.paymentMethodId ? db.paymentMethod.findUnique({ where: { id: t.paymentMethodId }, select: { type: true, name: true, slug: true, provider: true } }) : null,
  ]);
  return { ...t, merchant, method };
}

/**
 * The checkout still waits for the customer: PROCESSING, and for an
 * authorization its hold not yet placed (once it is, the customer is done,
 * SPEC §17: only the merchant's capture, void or the lapse move it on).
 */
export function awaitsCustomer(t: Pick<Transaction, "status" | "authorizedAt">): boolean {
  return t.status === "PROCESSING" && t.authorizedAt === null;
}

export async function findCheckout(token: string): Promise<CheckoutTransaction | null> {
  if (!TOKEN.test(token)) return null;
  const t = await db.transaction.findUnique({ where: { checkoutTokenHash: sha256Hex(token) } });
  return t && (t.action === "SALE" || t.action === "AUTHORIZE") ? withMerchantAndMethod(t) : null;
}

export async function findCheckoutById(id: string): Promise<CheckoutTransaction | null> {
  return withMerchantAndMethod(await db.transaction.findUnique({ where: { id } }));
}

/** The sale's requested locale, for wording an action's answer. */
export async function findCheckoutLocale(token: string): Promise<string | null> {
  if (!TOKEN.test(token)) return null;
  const t = await db.transaction.findUnique({ where: { checkoutTokenHash: sha256Hex(token) }, select: { locale: true } });
  return t?.locale ?? null;
}
