// Where a live provider sends the customer back after its page (3-D Secure,
// a lender's or a bank's approval; SPEC §21): Sluice asks the provider how the
// payment ended (never trusting this request's query string: a provider that
// completes with it, as Adyen's redirectResult, is handed it and decides) and
// sends the customer on to the outcome page, or back to the payment page to
// try again.
import { CHECKOUT_BASE_HEADER, checkoutBaseFrom, checkoutPath } from "@/lib/checkout/checkout-urls";
import { returnFromProvider } from "@/lib/checkout/provider-redirect";

export const dynamic = "force-dynamic";

export async function GET(req: Request, { params }: { params: Promise<{ token: string }> }): Promise<Response> {
  const { token } = await params;
  const returned = Object.fromEntries([...new URL(req.url).searchParams].filter(([k, v]) => k.length <= 64 && v.length <= 8_192).slice(0, 20));
  const result = await returnFromProvider({ token, returned });
  const base = checkoutBaseFrom(req.headers.get(CHECKOUT_BASE_HEADER));
  const location = result.kind === "finished" ? checkoutPath(base, token, "complete") : `${checkoutPath(base, token)}?waiting=1`;
  return new Response(null, { status: 303, headers: { location, "cache-control": "no-store" } });
}
