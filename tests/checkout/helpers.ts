// Checkout sales as a merchant creates them: through POST /v1/payment/sale,
// which answers the hosted checkout `url` whose last segment is the token.
import { expect } from "vitest";
import { db } from "@/lib/db";
import type { CreatedMerchant } from "@/lib/merchants/create-merchant";
import { callApi, saleBody } from "../api/helpers";

export { CARDS, merchantWithFunds } from "../api/helpers";

export interface OpenCheckout {
  id: string;
  token: string;
  url: string;
}

export async function openCheckout(m: CreatedMerchant, overrides: Record<string, unknown> = {}): Promise<OpenCheckout> {
  const r = await callApi("POST /payment/sale", { key: m.keys.sandbox, body: saleBody(m.merchant.id, overrides) });
  expect(r.status).toBe(201);
  expect(r.body.transaction.status).toBe("PROCESSING");
  const url = r.body.url as string;
  return { id: r.body.transaction.id, url, token: url.slice(url.lastIndexOf("/") + 1) };
}

export function cardFields(number: string, overrides: Partial<{ cardNumber: string; expiry: string; cvc: string; name: string }> = {}) {
  const yy = String((new Date().getUTCFullYear() + 3) % 100).padStart(2, "0");
  return { cardNumber: number.replace(/(\d{4})(?=\d)/g, "$1 "), expiry: `12/${yy}`, cvc: "123", name: "Jane Doe", ...overrides };
}

export async function transactionRow(id: string) {
  return db.transaction.findUniqueOrThrow({ where: { id } });
}

/** Webhook events written for a transaction, oldest first. */
export async function eventTypes(id: string): Promise<string[]> {
  const rows = await db.event.findMany({ where: { transactionId: id }, orderBy: { seq: "asc" }, select: { type: true } });
  return rows.map((r) => r.type);
}

/** Ledger journals that credited the merchant for this sale. */
export async function saleCredits(id: string): Promise<number> {
  const rows = await db.ledgerEntry.findMany({ where: { transactionId: id, kind: "sale_succeeded" }, select: { journalId: true } });
  return new Set(rows.map((r) => r.journalId)).size;
}

/** Moves the sale's expiry (test clock control; everything else goes through the domain). */
export async function setExpiresAt(id: string, expiresAt: Date): Promise<void> {
  await db.transaction.update({ where: { id }, data: { expiresAt } });
}
