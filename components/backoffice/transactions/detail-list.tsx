/** Labelled values in columns (the transaction's and the customer's fields); empty ones are left out. */
export function DetailList({ items }: { items: [string, React.ReactNode][] }) {
  return (
    <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2 xl:grid-cols-3">
      {items.filter(([, value]) => value !== null && value !== undefined && value !== "").map(([term, value]) => (
        <div key={term} className="min-w-0">
          <dt className="text-slate-600 dark:text-slate-400">{term}</dt>
          <dd className="mt-0.5 break-words text-slate-900 dark:text-slate-100">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
