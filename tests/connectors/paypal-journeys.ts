// The PayPal journeys the connector tests share: a `paypal` payment sent from
// the API through Sluice's checkout to PayPal's approval page (the emulator's),
// the buyer's button there, and their way back through Sluice's return URL.
import { expect } from "vitest";
import { continueToProvider } from "@/lib/checkout/provider-redirect";
import { db } from "@/lib/db";
import type { CreatedMerchant } from "@/lib/merchants/create-merchant";
import { callApi, saleBody } from "../api/helpers";
import { comeBack, type paypalAccount } from "./helpers";

type PaypalAccount = Awaited<ReturnType<typeof paypalAccount>>;

/** What the buyer's browser does on PayPal's page: press one of its buttons; PayPal sends them back. */
export async function buyerAt(url: string, outcome: "approve" | "cancel"): Promise<string> {
  const res = await fetch(url, { method: "POST", body: new URLSearchParams({ outcome }), redirect: "manual" });
  expect(res.status).toBe(303);
  return res.headers.get("location")!;
}

export const paypalSale = (m: CreatedMerchant, overrides: Record<string, unknown> = {}) =>
  saleBody(m.merchant.id, { currency: "EUR", amount: 2_000, paymentMethod: "paypal", paymentMethodInput: { email: "buyer@example.com" }, customer: { email: "buyer@example.com", firstName: "Jane", lastName: "Doe" }, callbackUrl: "https://127.0.0.1:9/webhooks", ...overrides });

/** A sale or authorization sent to PayPal: the API's redirect url, "Continue to PayPal" on the checkout, the order at PayPal. */
export async function toPaypal(account: PaypalAccount, m: CreatedMerchant, endpoint: "POST /payment/sale" | "POST /payment/authorize", overrides: Record<string, unknown> = {}) {
  const r = await callApi(endpoint, { key: m.keys.production, body: paypalSale(m, overrides) });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  expect(r.body.transaction.status).toBe("PROCESSING");
  expect(r.body.url).toMatch(/\/checkout\/pay\/[0-9A-Za-z]{32}$/);
  const token = new URL(r.body.url).pathname.split("/").at(-1)!;
  expect(await continueToProvider({ token })).toEqual({ kind: "next" });
  const t = await db.transaction.findUniqueOrThrow({ where: { id: r.body.transaction.id } });
  const [order, ...more] = account.emulator.ordersFor(t.id);
  expect(more).toEqual([]);
  // The checkout forwards the buyer to the approval link PayPal named.
  expect(t.providerState).toMatchObject({ action: "redirect", url: `${account.emulator.apiBase}/_emulator/checkoutnow?token=${order!.id}` });
  return { r, t, order: order!, approvalUrl: (t.providerState as { url: string }).url };
}

/** A merchant's production EUR balance grown by a PayPal sale the buyer approved (the money payouts are paid from). */
export async function paidWithPaypal(account: PaypalAccount, m: CreatedMerchant, amount: number): Promise<string> {
  const { t, approvalUrl } = await toPaypal(account, m, "POST /payment/sale", { amount });
  await comeBack(await buyerAt(approvalUrl, "approve"));
  expect((await db.transaction.findUniqueOrThrow({ where: { id: t.id } })).status).toBe("SUCCESS");
  return t.id;
}
