export type BadgeTone = "neutral" | "success" | "warning" | "danger" | "info";

const TONES: Record<BadgeTone, string> = {
  neutral: "bg-slate-100 text-slate-800 ring-slate-300 dark:bg-slate-800 dark:text-slate-200 dark:ring-slate-600",
  success: "bg-green-50 text-green-800 ring-green-600/30 dark:bg-green-950 dark:text-green-300 dark:ring-green-500/40",
  warning: "bg-amber-50 text-amber-900 ring-amber-600/30 dark:bg-amber-950 dark:text-amber-300 dark:ring-amber-500/40",
  danger: "bg-red-50 text-red-800 ring-red-600/30 dark:bg-red-950 dark:text-red-300 dark:ring-red-500/40",
  info: "bg-sky-50 text-sky-900 ring-sky-600/30 dark:bg-sky-950 dark:text-sky-300 dark:ring-sky-500/40",
};

/** A short status word. The text carries the meaning; colour only repeats it. */
export function Badge({ tone = "neutral", children }: { tone?: BadgeTone; children: React.ReactNode }) {
  return <span className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${TONES[tone]}`}>{children}</span>;
}
