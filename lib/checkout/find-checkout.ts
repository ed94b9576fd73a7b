// Looks a checkout up by its token (SPEC §12: random, ≥ 128 bits, never the
// transaction id). A token that is malformed, unknown, or belongs to anything
// but a SALE is simply not found: the page answers 404 and says nothing more.
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";

const TOKEN = /^[0-9A-Za-z]{20,64}$/;

const include = {
  merchant: { select: { name: true } },
  method: { select: { type: true, name: true } },
} satisfies Prisma.TransactionInclude;

export type CheckoutTransaction = Prisma.TransactionGetPayload<{ include: typeof include }>;

export async function findCheckout(token: string): Promise<CheckoutTransaction | null> {
  if (!TOKEN.test(token)) return null;
  const t = await db.transaction.findUnique({ where: { checkoutToken: token }, include });
  return t && t.action === "SALE" ? t : null;
}

export async function findCheckoutById(id: string): Promise<CheckoutTransaction | null> {
  return db.transaction.findUnique({ where: { id }, include });
}

/** The sale's requested locale, for wording an action's answer. */
export async function findCheckoutLocale(token: string): Promise<string | null> {
  if (!TOKEN.test(token)) return null;
  const t = await db.transaction.findUnique({ where: { checkoutToken: token }, select: { locale: true } });
  return t?.locale ?? null;
}
