// Issue #5 / SPEC §8: the public page /docs/sandbox lists every test value of
// every method and outcome, from the same data module the simulator uses.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import SandboxDocsPage from "@/app/docs/sandbox/page";
import { TEST_CARDS } from "@/lib/providers/sandbox/test-cards";
import { CHECKOUT_BUTTONS, DECLINE_ACCOUNT_HOLDER, INVALID_TEST_IBAN, PAYPAL_DECLINE_EMAIL, VALID_TEST_IBANS } from "@/lib/providers/sandbox/test-values";

describe("/docs/sandbox", () => {
  const html = renderToStaticMarkup(createElement(SandboxDocsPage));
  const text = html.replace(/<[^>]+>/g, "").replace(/&quot;/g, '"').replace(/&#x27;/g, "'");

  it("lists every test card with its outcome", () => {
    for (const card of TEST_CARDS) expect(text).toContain(card.number.replace(/(\d{4})(?=\d)/g, "$1 "));
    for (const code of ["card_declined", "insufficient_funds", "expired_card", "incorrect_cvc", "processing_error"]) expect(text).toContain(code);
    expect(text).toContain("123456");
  });

  it("lists the payout values of every payout method and the checkout buttons of every method", () => {
    for (const value of [PAYPAL_DECLINE_EMAIL, `"${DECLINE_ACCOUNT_HOLDER}"`, INVALID_TEST_IBAN, ...VALID_TEST_IBANS, 'walletAddress containing "decline"', "provider_rejected"]) expect(text).toContain(value);
    for (const button of Object.values(CHECKOUT_BUTTONS)) expect(text).toContain(`"${button}"`);
    for (const method of ["card", "bank_transfer", "paypal", "crypto", "bnpl"]) expect(html).toContain(`id="${method}"`);
  });

  it("explains refunds, chargebacks and the risk thresholds", () => {
    expect(text).toContain("CHARGEBACK");
    expect(text).toContain("KYC verification required");
    expect(text).toContain("Payout limit exceeded");
    expect(text).toContain("WAIT_APPROVE");
  });
});
