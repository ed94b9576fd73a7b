// The pages a customer meets at "Adyen" when a payment needs them: the
// 3-D Secure challenge of a card, the iDEAL bank's or Klarna's approval.
// Plain HTML forms a browser test clicks; the wording follows Adyen's test
// pages (the 3-D Secure 2 test page asks for the password "password").
import { customerPage } from "../customer-page";

const WORDING: Record<string, { title: string; intro: string; approve: string; fail: string }> = {
  scheme: { title: "3D Secure 2 - Challenge", intro: "Your bank asks you to confirm this payment.", approve: "Submit", fail: "Cancel" },
  ideal: { title: "iDEAL Issuer Simulation", intro: "Approve this payment in your banking app.", approve: "Continue", fail: "Cancel" },
  klarna: { title: "Klarna (test mode)", intro: "Pay later with Klarna.", approve: "Buy", fail: "Cancel" },
};

export function challengePage({ action, method, amount, currency, open }: { action: string; method: string; amount: number; currency: string; open: boolean }): string {
  const w = WORDING[method] ?? WORDING.scheme!;
  const money = `${(amount / 100).toFixed(2)} ${currency}`;
  return customerPage({ title: w.title, intro: w.intro, amount: money, action, approve: w.approve, refuse: { outcome: "fail", label: w.fail }, open, closed: "This payment is no longer waiting for you." });
}
