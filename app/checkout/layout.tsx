// The hosted checkout (SPEC §12). Pages are rendered per request (they read
// the token's sale, and the CSP nonce set by proxy.ts must reach Next's
// scripts), never indexed, and never send the token-bearing URL to another site as a referrer.
import type { Metadata } from "next";

export const metadata: Metadata = {
  robots: { index: false, follow: false },
  referrer: "same-origin",
};

export default function CheckoutLayout({ children }: { children: React.ReactNode }) {
  return children;
}
