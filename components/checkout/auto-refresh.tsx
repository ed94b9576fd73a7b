"use client";
// Keeps a waiting page (a payment the provider is confirming) up to date by
// asking for the outcome page every few seconds: it shows the outcome and
// sends the customer on once the sale is finished, or sends them straight
// back here while it is not. With JavaScript this is a client-side
// navigation; without it, the <noscript> meta refresh does the same.
import { useRouter } from "next/navigation";
import { useEffect } from "react";

export function AutoRefresh({ href, everyMs }: { href: string; everyMs: number }) {
  const router = useRouter();
  useEffect(() => {
    const timer = setInterval(() => router.replace(href, { scroll: false }), everyMs);
    return () => clearInterval(timer);
  }, [href, everyMs, router]);
  return (
    <noscript>
      <meta httpEquiv="refresh" content={`${Math.max(1, Math.round(everyMs / 1000))};url=${href}`} />
    </noscript>
  );
}
