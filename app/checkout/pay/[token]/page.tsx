// The hosted checkout page (SPEC §12): {checkout_url}/pay/<token>.
// Server-rendered; each method's form works without JavaScript.
import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import { BankTransferPanel } from "@/components/checkout/bank-transfer-panel";
import { BnplPanel } from "@/components/checkout/bnpl-panel";
import { CancelPaymentForm, ReturnLink } from "@/components/checkout/cancel-payment-form";
import { CardPanel } from "@/components/checkout/card-panel";
import { CheckoutShell } from "@/components/checkout/checkout-shell";
import { ClosedCheckout } from "@/components/checkout/closed-checkout";
import { CryptoPanel } from "@/components/checkout/crypto-panel";
import { ProviderRedirectNotice } from "@/components/checkout/provider-redirect-notice";
import { ProviderRedirectPanel } from "@/components/checkout/provider-redirect-panel";
import { WalletPanel } from "@/components/checkout/wallet-panel";
import { loadCheckoutPage, type CheckoutPageContext } from "./load-checkout-page";
import { isInFlight } from "@/lib/checkout/checkout-state";
import { checkoutPath } from "@/lib/checkout/checkout-urls";
import { approveBnplPayment, cancelPayment, continueToProviderPayment, payByCard, reportBankTransfer, simulateProviderDecline, verifyCode } from "./actions";

type Props = { params: Promise<{ token: string }>; searchParams?: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const page = await loadCheckoutPage((await params).token);
  return page ? { title: page.t("pageTitle", { merchant: page.session.merchantName }) } : {};
}

function MethodPanel({ page }: { page: CheckoutPageContext }) {
  const { session, t, amount, base } = page;
  const token = session.token;
  const completePath = checkoutPath(base, token, "complete");
  const decline = simulateProviderDecline.bind(null, token);
  // A live provider's page (3-D Secure, a lender's or a bank's approval, SPEC §21): on to it, and back through the return URL.
  if (session.state.step === "redirect") {
    return <ProviderRedirectNotice t={t} url={session.state.url} destination={session.methodType === "card" ? t("redirect.yourBank") : session.methodName} amount={amount} />;
  }
  if (session.routed && session.methodType !== "card") {
    return <ProviderRedirectPanel session={session} t={t} amount={amount} start={continueToProviderPayment.bind(null, token)} />;
  }
  switch (session.methodType) {
    case "card":
      return <CardPanel session={session} t={t} amount={amount} pay={payByCard.bind(null, token)} verify={verifyCode.bind(null, token)} completePath={completePath} />;
    case "bank_transfer":
      return <BankTransferPanel session={session} t={t} amount={amount} completePath={completePath} reportPaid={reportBankTransfer.bind(null, token)} simulateFailure={decline} />;
    case "ewallet":
      return <WalletPanel session={session} t={t} amount={amount} walletPath={checkoutPath(base, token, "wallet")} />;
    case "crypto":
      return <CryptoPanel session={session} t={t} amount={amount} completePath={completePath} simulateFailure={decline} />;
    case "bnpl":
      return <BnplPanel session={session} t={t} amount={amount} approve={approveBnplPayment.bind(null, token)} decline={decline} />;
    default: {
      const unreachable: never = session.methodType;
      throw new Error(`Unknown method type ${unreachable as string}`);
    }
  }
}

export default async function CheckoutPage({ params, searchParams }: Props) {
  const page = await loadCheckoutPage((await params).token);
  if (!page) notFound();
  const { session, t, amount, base } = page;
  const { transaction } = session;
  const open = session.view === "open";
  // The customer was waiting for a confirmation (the outcome page or one of their own actions sent them here while
  // the sale was open) and it has just finished: the outcome page shows it and sends them on to the shop.
  if (!open && (await searchParams)?.waiting === "1") redirect(checkoutPath(base, session.token, "complete"));
  // Once the provider is deciding (an attempt in flight, money on its way), cancelling is no longer offered.
  const cancellable = open && session.state.step !== "settling" && !isInFlight(session.state);
  return (
    <CheckoutShell
      locale={session.locale}
      merchantName={session.merchantName}
      amount={amount}
      orderId={transaction.orderId}
      testMode={session.testMode}
      expiresAt={open && transaction.expiresAt ? transaction.expiresAt.toISOString() : null}
    >
      {open ? <MethodPanel page={page} /> : <ClosedCheckout session={session} t={t} amount={amount} redirect={false} />}
      {cancellable ? (
        <CancelPaymentForm action={cancelPayment.bind(null, session.token)} label={t("cancelPayment")} hint={t("cancelHint", { merchant: session.merchantName })} />
      ) : open && session.state.step === "settling" && session.returnUrl ? (
        // Money may be on its way (a crypto payment, a transfer reported sent): no cancelling, but a way back to the shop.
        <ReturnLink href={session.returnUrl} label={t("state.returnTo", { merchant: session.merchantName })} hint={t("settling.returnHint")} />
      ) : null}
    </CheckoutShell>
  );
}
