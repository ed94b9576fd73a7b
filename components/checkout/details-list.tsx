// Label/value pairs the customer copies into their bank or wallet app.
export function DetailsList({ items }: { items: { label: string; value: string; mono?: boolean }[] }) {
  return (
    <dl className="divide-y divide-slate-200 rounded-md border border-slate-300 dark:divide-slate-700 dark:border-slate-600">
      {items.map((item) => (
        <div key={item.label} className="px-3 py-2.5">
          <dt className="text-xs font-medium uppercase tracking-wide text-slate-600 dark:text-slate-400">{item.label}</dt>
          <dd className={`mt-0.5 break-all text-slate-950 select-all dark:text-slate-50 ${item.mono ? "font-mono text-sm" : "font-medium"}`}>{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
