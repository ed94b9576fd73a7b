// The page a buyer meets at "PayPal" when an order waits for approval: a plain
// HTML form (so a browser test clicks it with JavaScript on or off), with the
// buttons of PayPal's own review page.
import type { WireMoney } from "./objects";

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function approvalPage({ action, amount, intent, open }: { action: string; amount: WireMoney; intent: "CAPTURE" | "AUTHORIZE"; open: boolean }): string {
  const body = open
    ? `<form method="post" action="${escape(action)}">
  <button type="submit" name="outcome" value="approve">${intent === "CAPTURE" ? "Complete Purchase" : "Continue"}</button>
  <button type="submit" name="outcome" value="cancel">Cancel and return to merchant</button>
</form>`
    : "<p>This order is no longer waiting for you.</p>";
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>PayPal Checkout (sandbox)</title></head>
<body><main><h1>PayPal Checkout</h1><p>Log in to pay with PayPal.</p><p>Amount: ${escape(`${amount.value} ${amount.currency_code}`)}</p>
${body}
</main></body></html>`;
}
