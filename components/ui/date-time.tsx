// Timestamps are shown in UTC with the zone named, the same on the server and
// in every browser: no hydration mismatch, and no guessing which zone a
// support agent and a merchant are talking about.
const FORMAT = new Intl.DateTimeFormat("en-GB", { year: "numeric", month: "short", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit", timeZone: "UTC", hour12: false });

export function formatUtc(date: Date): string {
  return `${FORMAT.format(date)} UTC`;
}

export function DateTime({ value, fallback = "—" }: { value: Date | string | null | undefined; fallback?: string }) {
  if (!value) return <span className="text-slate-500 dark:text-slate-400">{fallback}</span>;
  const date = typeof value === "string" ? new Date(value) : value;
  return (
    <time dateTime={date.toISOString()} className="whitespace-nowrap">
      {formatUtc(date)}
    </time>
  );
}
