import { describe, expect, it } from "vitest";
import { checkoutBaseFrom, checkoutPath, outcomeUrl, returnUrl } from "./checkout-urls";

const sale = { id: "tx_1", orderId: "order 7&x", successUrl: "https://shop.example/ok?cart=1", failureUrl: "https://shop.example/fail", returnUrl: "https://shop.example/cart#top" };

describe("checkout URLs", () => {
  it("sends each final status to its merchant page with transactionId, orderId and status, keeping existing parameters", () => {
    expect(outcomeUrl({ ...sale, status: "SUCCESS" })).toBe("https://shop.example/ok?cart=1&transactionId=tx_1&orderId=order+7%26x&status=SUCCESS");
    expect(outcomeUrl({ ...sale, status: "DECLINED" })).toBe("https://shop.example/fail?transactionId=tx_1&orderId=order+7%26x&status=DECLINED");
    expect(outcomeUrl({ ...sale, status: "CANCELED" })).toBe("https://shop.example/cart?transactionId=tx_1&orderId=order+7%26x&status=CANCELED#top");
    expect(outcomeUrl({ ...sale, status: "PROCESSING" })).toBeNull();
  });

  it("never links to anything but http(s)", () => {
    expect(outcomeUrl({ ...sale, status: "SUCCESS", successUrl: "javascript:alert(1)" })).toBeNull();
    expect(returnUrl({ returnUrl: "data:text/html,x" })).toBeNull();
    expect(returnUrl({ returnUrl: null })).toBeNull();
  });

  it("builds page paths under the prefix the proxy reports, and ignores a malformed one", () => {
    expect(checkoutPath("/checkout", "abc", "complete")).toBe("/checkout/pay/abc/complete");
    expect(checkoutPath(checkoutBaseFrom(""), "abc")).toBe("/pay/abc");
    expect(checkoutBaseFrom("//evil.example")).toBe("/checkout");
    expect(checkoutBaseFrom(null)).toBe("/checkout");
  });
});
