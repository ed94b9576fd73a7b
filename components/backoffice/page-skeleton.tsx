/** The loading state of a back-office page: announced once, shaped like what is coming. */
export function PageSkeleton({ label = "Loading…" }: { label?: string }) {
  return (
    <div role="status" aria-live="polite" className="animate-pulse space-y-4">
      <span className="sr-only">{label}</span>
      <div className="h-8 w-48 rounded bg-slate-200 dark:bg-slate-800" />
      <div className="h-4 w-96 max-w-full rounded bg-slate-200 dark:bg-slate-800" />
      <div className="h-40 rounded-lg bg-slate-200 dark:bg-slate-800" />
      <div className="h-40 rounded-lg bg-slate-200 dark:bg-slate-800" />
    </div>
  );
}
