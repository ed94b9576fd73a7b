// Where the checkout lands once the sale is finished: shows the outcome for a
// moment, then sends the customer to successUrl / failureUrl / returnUrl with
// ?transactionId=…&orderId=…&status=… (SPEC §12). A sale still open sends the
// customer back to the payment page, marked as waiting (`?waiting=1`): if the
// sale finishes between this answer and that page's (a payment confirming
// while the customer watches), the payment page sends them straight back here
// instead of stranding them on "Payment complete".
import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import { CheckoutShell } from "@/components/checkout/checkout-shell";
import { ClosedCheckout } from "@/components/checkout/closed-checkout";
import { loadCheckoutPage } from "../load-checkout-page";
import { checkoutPath } from "@/lib/checkout/checkout-urls";

type Props = { params: Promise<{ token: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const page = await loadCheckoutPage((await params).token);
  return page ? { title: page.t("pageTitle", { merchant: page.session.merchantName }) } : {};
}

export default async function CheckoutCompletePage({ params }: Props) {
  const page = await loadCheckoutPage((await params).token);
  if (!page) notFound();
  const { session, t, amount, base } = page;
  if (session.view === "open") redirect(`${checkoutPath(base, session.token)}?waiting=1`);
  return (
    <CheckoutShell locale={session.locale} merchantName={session.merchantName} amount={amount} orderId={session.transaction.orderId} testMode={session.testMode}>
      <ClosedCheckout session={session} t={t} amount={amount} redirect />
    </CheckoutShell>
  );
}
