// The sandbox's simulation controls, set apart from the customer's own
// actions so nobody mistakes them for part of a real payment. Their button
// names are fixed (lib/providers/sandbox/test-values.ts, /docs/sandbox) and
// English in every language, as tests and docs rely on them.
export function SandboxPanel({ heading, intro, children }: { heading: string; intro: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby="sandbox-heading" className="mt-6 rounded-lg border border-dashed border-amber-500 bg-amber-50 p-4 dark:border-amber-600 dark:bg-amber-950/40">
      <h3 id="sandbox-heading" className="text-sm font-semibold text-amber-950 dark:text-amber-100">
        {heading}
      </h3>
      <p className="mt-1 text-sm text-amber-900 dark:text-amber-200">{intro}</p>
      <div lang="en" className="mt-3 space-y-2">
        {children}
      </div>
    </section>
  );
}
