// URLs of the hosted checkout: our own pages, and the merchant's pages the
// customer goes back to (SPEC §12).
import type { Transaction } from "@/lib/generated/prisma/client";
import type { TransactionStatus } from "@/lib/generated/prisma/enums";

/**
 * Request header set by proxy.ts: the path prefix under which the customer's
 * browser sees the checkout — "/checkout" on the shared host, CHECKOUT_BASE_URL's
 * path (often "") on a dedicated checkout host. Links and redirects are built
 * from it so both spellings keep working.
 */
export const CHECKOUT_BASE_HEADER = "x-sluice-checkout-base";
const DEFAULT_CHECKOUT_BASE = "/checkout";

const SAFE_PREFIX = /^(\/[A-Za-z0-9._~-]+)*$/;

export function checkoutBaseFrom(headerValue: string | null | undefined): string {
  return headerValue !== null && headerValue !== undefined && SAFE_PREFIX.test(headerValue) ? headerValue : DEFAULT_CHECKOUT_BASE;
}

export type CheckoutPage = "pay" | "complete" | "wallet";

/** Same-origin path of a checkout page for `token`. */
export function checkoutPath(base: string, token: string, page: CheckoutPage = "pay"): string {
  const root = `${base}/pay/${encodeURIComponent(token)}`;
  return page === "pay" ? root : `${root}/${page}`;
}

type Outcome = Pick<Transaction, "id" | "orderId" | "status" | "successUrl" | "failureUrl" | "returnUrl"> & Partial<Pick<Transaction, "authorizedAt">>;

/** Only absolute http(s) URLs are ever put in a link or a redirect (no `javascript:`). */
function safeUrl(raw: string | null): URL | null {
  if (!raw) return null;
  try {
    const url = new URL(raw);
    return url.protocol === "https:" || url.protocol === "http:" ? url : null;
  } catch {
    return null;
  }
}

function merchantPageFor(status: TransactionStatus, t: Outcome): string | null {
  switch (status) {
    case "SUCCESS":
      return t.successUrl;
    case "DECLINED":
      return t.failureUrl;
    case "CANCELED":
    case "EXPIRED":
      return t.returnUrl;
    case "CREATED":
    case "PROCESSING":
    case "WAIT_APPROVE":
      return null;
    default: {
      const unreachable: never = status;
      throw new Error(`Unknown status ${unreachable as string}`);
    }
  }
}

/**
 * Where a finished checkout sends the customer: successUrl, failureUrl or (canceled,
 * expired) returnUrl, with `transactionId`, `orderId` and `status` added to the
 * merchant's own query parameters. Null while the sale is not finished (an
 * authorization: until its hold is placed).
 */
export function outcomeUrl(t: Outcome): string | null {
  // An authorization whose hold is placed (SPEC §17) is done for the customer: back to successUrl, with its status (PROCESSING) as it is.
  const url = safeUrl(t.status === "PROCESSING" && t.authorizedAt ? t.successUrl : merchantPageFor(t.status, t));
  if (!url) return null;
  url.searchParams.set("transactionId", t.id);
  url.searchParams.set("orderId", t.orderId);
  url.searchParams.set("status", t.status);
  return url.toString();
}

/** The merchant's returnUrl as given, for "Return to …" links. */
export function returnUrl(t: Pick<Transaction, "returnUrl">): string | null {
  return safeUrl(t.returnUrl)?.toString() ?? null;
}
