// The sandbox's stand-in for an e-wallet's approval page (SPEC §8): the
// customer "signs in" with the wallet e-mail and approves or declines. Only
// sandbox e-wallet sales have it; anything else goes back to the payment page.
import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import { CheckoutShell } from "@/components/checkout/checkout-shell";
import { ui } from "@/components/checkout/styles";
import { WalletApprovalForm } from "@/components/checkout/wallet-approval-form";
import { loadCheckoutPage } from "../load-checkout-page";
import { checkoutPath } from "@/lib/checkout/checkout-urls";
import { CHECKOUT_BUTTONS, PAYPAL_DECLINE_EMAIL } from "@/lib/providers/sandbox/test-values";
import { approveWalletPayment, simulateProviderDecline } from "../actions";

type Props = { params: Promise<{ token: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const page = await loadCheckoutPage((await params).token);
  return page ? { title: page.t("wallet.simulatedTitle", { wallet: page.session.methodName }) } : {};
}

export default async function SimulatedWalletPage({ params }: Props) {
  const page = await loadCheckoutPage((await params).token);
  if (!page) notFound();
  const { session, t, amount, base } = page;
  if (session.view !== "open" || session.methodType !== "ewallet" || !session.testMode) redirect(checkoutPath(base, session.token));
  const wallet = session.methodName;
  const destination = session.transaction.destination as { email?: unknown } | null;
  return (
    <CheckoutShell locale={session.locale} merchantName={session.merchantName} amount={amount} orderId={session.transaction.orderId} testMode expiresAt={session.transaction.expiresAt?.toISOString()}>
      <section aria-labelledby="method-heading">
        <h2 id="method-heading" className={ui.heading}>
          {t("wallet.simulatedTitle", { wallet })}
        </h2>
        <p className={`mt-1 mb-4 ${ui.muted}`}>{t("wallet.simulatedIntro", { wallet, amount, merchant: session.merchantName })}</p>
        <WalletApprovalForm
          approve={approveWalletPayment.bind(null, session.token)}
          decline={simulateProviderDecline.bind(null, session.token)}
          defaultEmail={typeof destination?.email === "string" ? destination.email : ""}
          text={{
            email: t("wallet.email", { wallet }),
            emailHint: t("wallet.emailHint", { email: PAYPAL_DECLINE_EMAIL }),
            approve: CHECKOUT_BUTTONS.walletApprove,
            decline: CHECKOUT_BUTTONS.walletDecline,
            processing: t("card.processing"),
          }}
        />
        <p className="mt-6 text-center">
          <a href={checkoutPath(base, session.token)} className={ui.linkButton}>
            {t("wallet.back")}
          </a>
        </p>
      </section>
    </CheckoutShell>
  );
}
