// The pages a customer meets at "Stripe" when a payment needs them: the
// 3-D Secure challenge of a card, the approval page of Klarna or of the bank
// (iDEAL). Plain HTML forms, so a browser test clicks them with JavaScript on
// or off; the button names are those of Stripe's own test pages.
import { customerPage } from "../customer-page";

const WORDING: Record<string, { title: string; intro: string; approve: string; fail: string }> = {
  card: { title: "3D Secure 2 Test Page", intro: "Your bank asks you to confirm this payment.", approve: "Complete authentication", fail: "Fail authentication" },
  klarna: { title: "Klarna (test mode)", intro: "Pay later with Klarna.", approve: "Authorize Test Payment", fail: "Fail Test Payment" },
  ideal: { title: "iDEAL (test mode)", intro: "Approve this payment in your banking app.", approve: "Authorize Test Payment", fail: "Fail Test Payment" },
};

export function approvalPage({ action, type, amount, currency, open }: { action: string; type: string; amount: number; currency: string; open: boolean }): string {
  const w = WORDING[type] ?? WORDING.klarna!;
  const money = `${(amount / 100).toFixed(2)} ${currency.toUpperCase()}`;
  return customerPage({ title: w.title, intro: w.intro, amount: money, action, approve: w.approve, refuse: { outcome: "fail", label: w.fail }, open, closed: "This payment is no longer waiting for you." });
}
