// The page shell every emulator shows a customer at the provider (a 3-D
// Secure challenge, a bank's or wallet's approval): plain HTML, so a browser
// test clicks it with JavaScript on or off; while the payment waits, a form
// whose two buttons POST `outcome` back to the emulator.
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export interface CustomerPage {
  title: string;
  /** The page's h1, when it is not its title. */
  heading?: string;
  intro: string;
  /** The amount as the provider shows it ("20.00 EUR"). */
  amount: string;
  action: string;
  /** The approving button's label, and the other's `outcome` value and label. */
  approve: string;
  refuse: { outcome: "fail" | "cancel"; label: string };
  open: boolean;
  /** What the page says once nothing waits any more. */
  closed: string;
}

export function customerPage({ title, heading = title, intro, amount, action, approve, refuse, open, closed }: CustomerPage): string {
  const body = open
    ? `<form method="post" action="${escapeHtml(action)}">
  <button type="submit" name="outcome" value="approve">${approve}</button>
  <button type="submit" name="outcome" value="${refuse.outcome}">${refuse.label}</button>
</form>`
    : `<p>${closed}</p>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${title}</title></head>
<body><main><h1>${heading}</h1><p>${intro}</p><p>Amount: ${escapeHtml(amount)}</p>
${body}
</main></body></html>`;
}
