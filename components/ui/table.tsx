// Data tables: a real <table> with a caption and column headers, inside a
// container that scrolls sideways on narrow screens and can take keyboard
// focus so that scrolling works without a mouse.
import type { ComponentProps } from "react";

export function Table({ caption, captionVisible = false, children }: { caption: string; captionVisible?: boolean; children: React.ReactNode }) {
  return (
    <div className="overflow-x-auto rounded-md border border-slate-200 dark:border-slate-800" tabIndex={0} role="region" aria-label={caption}>
      <table className="min-w-full divide-y divide-slate-200 text-left text-sm dark:divide-slate-800">
        <caption className={captionVisible ? "px-3 py-2 text-left text-sm font-medium" : "sr-only"}>{caption}</caption>
        {children}
      </table>
    </div>
  );
}

export function THead({ children }: { children: React.ReactNode }) {
  return (
    <thead className="bg-slate-50 text-xs font-semibold uppercase tracking-wide text-slate-700 dark:bg-slate-800/60 dark:text-slate-300">
      <tr>{children}</tr>
    </thead>
  );
}

export function Th({ className = "", ...props }: ComponentProps<"th">) {
  return <th scope="col" className={`whitespace-nowrap px-3 py-2 ${className}`} {...props} />;
}

export function TBody({ children }: { children: React.ReactNode }) {
  return <tbody className="divide-y divide-slate-100 bg-white dark:divide-slate-800 dark:bg-slate-900">{children}</tbody>;
}

export function Td({ className = "", ...props }: ComponentProps<"td">) {
  return <td className={`px-3 py-2 align-top text-slate-800 dark:text-slate-200 ${className}`} {...props} />;
}
