// The docs area: API reference (generated from /v1/openapi.json), webhooks,
// and the sandbox's test values. Public, served from this origin only.
import type { Metadata } from "next";
import Link from "next/link";
import { connection } from "next/server";
import { DocsNav } from "./docs-nav";

export const metadata: Metadata = { title: { default: "API reference", template: "%s · Sluice docs" } };

export default async function DocsLayout({ children }: { children: React.ReactNode }) {
  // Rendered per request, not prerendered: Next.js can only put the proxy's per-request
  // CSP nonce on its scripts when it renders the page (a prerendered page's scripts would be blocked).
  await connection();
  return (
    <div className="min-h-screen">
      <header className="border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-950">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-8 gap-y-2 px-6 py-4">
          <Link href="/" className="text-lg font-semibold tracking-tight">
            Sluice <span className="font-normal text-slate-500 dark:text-slate-400">docs</span>
          </Link>
          <DocsNav />
        </div>
      </header>
      {children}
    </div>
  );
}
