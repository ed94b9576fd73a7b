import Link from "next/link";

export default function Home() {
  return (
    <main className="mx-auto max-w-2xl px-6 py-16">
      <h1 className="text-3xl font-semibold tracking-tight">Sluice</h1>
      <p className="mt-3 text-slate-600 dark:text-slate-300">
        A self-hostable payment gateway: deposits and payouts through one API, a hosted checkout, a back office and signed webhooks.
      </p>
      <ul className="mt-8 space-y-3">
        <li>
          <Link className="font-medium text-brand-600 underline dark:text-sky-300" href="/backoffice">Back office</Link>
          <span className="text-slate-600 dark:text-slate-300"> — merchant staff and operators sign in here.</span>
        </li>
        <li>
          <Link className="font-medium text-brand-600 underline dark:text-sky-300" href="/docs">API reference</Link>
          <span className="text-slate-600 dark:text-slate-300"> — the Merchant API v1.</span>
        </li>
        <li>
          {/* A JSON route, not a page: a plain link (the rule mistakes app/api/[...path] for a page). */}
          {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
          <a className="font-medium text-brand-600 underline dark:text-sky-300" href="/api/health">Health</a>
          <span className="text-slate-600 dark:text-slate-300"> — process status.</span>
        </li>
      </ul>
    </main>
  );
}
