// A hosted checkout session for a SALE awaiting the customer (SPEC §12):
// `url` = {checkout_url}/pay/<token>, the token random and unrelated to the
// transaction id, valid for the merchant's checkoutExpiryMinutes (default 30).
import { env } from "@/lib/env";
import { newToken } from "@/lib/ids";

export interface CheckoutSession {
  token: string;
  expiresAt: Date;
  url: string;
}

/** The customer's page of a checkout token: {checkout_url}/pay/<token>. */
export function checkoutUrl(token: string): string {
  return `${env.CHECKOUT_BASE_URL.replace(/\/$/, "")}/pay/${token}`;
}

export function newCheckoutSession({ expiryMinutes, now = new Date() }: { expiryMinutes: number; now?: Date }): CheckoutSession {
  const token = newToken();
  return { token, expiresAt: new Date(now.getTime() + expiryMinutes * 60_000), url: checkoutUrl(token) };
}
