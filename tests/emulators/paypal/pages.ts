// The page a buyer meets at "PayPal" when an order waits for approval: a plain
// HTML form (so a browser test clicks it with JavaScript on or off), with the
// buttons of PayPal's own review page.
import { customerPage } from "../customer-page";
import type { WireMoney } from "./objects";

export function approvalPage({ action, amount, intent, open }: { action: string; amount: WireMoney; intent: "CAPTURE" | "AUTHORIZE"; open: boolean }): string {
  return customerPage({
    title: "PayPal Checkout (sandbox)",
    heading: "PayPal Checkout",
    intro: "Log in to pay with PayPal.",
    amount: `${amount.value} ${amount.currency_code}`,
    action,
    approve: intent === "CAPTURE" ? "Complete Purchase" : "Continue",
    refuse: { outcome: "cancel", label: "Cancel and return to merchant" },
    open,
    closed: "This order is no longer waiting for you.",
  });
}
