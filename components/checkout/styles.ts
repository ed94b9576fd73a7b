// Class names shared by the checkout components (Tailwind). Colours meet
// WCAG AA in both schemes: text ≥ 4.5:1, input borders and focus rings ≥ 3:1.
export const ui = {
  primaryButton:
    "inline-flex w-full items-center justify-center rounded-md bg-brand-600 px-4 py-3 text-base font-semibold text-white shadow-sm hover:bg-brand-700 disabled:cursor-wait disabled:opacity-80 dark:bg-sky-300 dark:text-slate-950 dark:hover:bg-sky-200",
  dangerButton:
    "inline-flex w-full items-center justify-center rounded-md border border-red-700 bg-white px-4 py-3 text-base font-semibold text-red-800 hover:bg-red-50 disabled:cursor-wait dark:border-red-300 dark:bg-slate-900 dark:text-red-200 dark:hover:bg-slate-800",
  linkButton: "text-sm font-medium text-slate-700 underline underline-offset-2 hover:text-slate-950 dark:text-slate-300 dark:hover:text-white",
  link: "font-medium text-brand-600 underline underline-offset-2 hover:text-brand-700 dark:text-sky-300 dark:hover:text-sky-200",
  input:
    "block w-full rounded-md border border-slate-500 bg-white px-3 py-2.5 text-base text-slate-950 placeholder:text-slate-500 aria-invalid:border-red-700 aria-invalid:ring-1 aria-invalid:ring-red-700 dark:border-slate-400 dark:bg-slate-950 dark:text-slate-50 dark:placeholder:text-slate-400 dark:aria-invalid:border-red-300 dark:aria-invalid:ring-red-300",
  label: "block text-sm font-medium text-slate-800 dark:text-slate-200",
  hint: "mt-1 text-sm text-slate-600 dark:text-slate-400",
  error: "mt-1 text-sm font-medium text-red-700 dark:text-red-300",
  heading: "text-lg font-semibold text-slate-950 dark:text-white",
  muted: "text-sm text-slate-600 dark:text-slate-400",
  alert: "rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100",
  info: "rounded-md border border-sky-300 bg-sky-50 p-3 text-sm text-sky-950 dark:border-sky-800 dark:bg-sky-950 dark:text-sky-100",
} as const;
