"use client";
// Sends the customer on to the merchant's page once a payment is finished.
// A same-origin page does this last hop rather than an HTTP redirect from the
// form post, because browsers apply the CSP's form-action to redirects that
// follow a form submission. Without JavaScript the meta refresh does it.
import { useEffect } from "react";

export function AutoRedirect({ to, afterMs }: { to: string; afterMs: number }) {
  useEffect(() => {
    const timer = setTimeout(() => window.location.replace(to), afterMs);
    return () => clearTimeout(timer);
  }, [to, afterMs]);
  return (
    <noscript>
      <meta httpEquiv="refresh" content={`${Math.round(afterMs / 1000)};url=${to}`} />
    </noscript>
  );
}
