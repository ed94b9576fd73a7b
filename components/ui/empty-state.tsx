/** What an empty list says: what would be here, and how to get some. */
export function EmptyState({ title, children, action }: { title: string; children?: React.ReactNode; action?: React.ReactNode }) {
  return (
    <div className="rounded-md border border-dashed border-slate-300 px-6 py-10 text-center dark:border-slate-700">
      <p className="font-medium text-slate-900 dark:text-slate-100">{title}</p>
      {children ? <div className="mx-auto mt-1 max-w-prose text-sm text-slate-600 dark:text-slate-400">{children}</div> : null}
      {action ? <div className="mt-4 flex justify-center">{action}</div> : null}
    </div>
  );
}
