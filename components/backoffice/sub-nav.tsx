"use client";
// Tabs between the parts of one page family (Settings → Profile, Payment
// methods, …). Plain links, so each part has its own URL.
import Link from "next/link";
import { usePathname } from "next/navigation";

export function SubNav({ label, items }: { label: string; items: { label: string; href: string }[] }) {
  const pathname = usePathname();
  return (
    <nav aria-label={label} className="mb-6 border-b border-slate-200 dark:border-slate-800">
      <ul className="-mb-px flex gap-1 overflow-x-auto">
        {items.map((item) => {
          const current = pathname === item.href;
          return (
            <li key={item.href} className="shrink-0">
              <Link
                href={item.href}
                aria-current={current ? "page" : undefined}
                className={`inline-block border-b-2 px-3 py-2 text-sm font-medium ${current ? "border-brand-600 text-slate-950 dark:border-sky-400 dark:text-white" : "border-transparent text-slate-700 hover:text-slate-950 dark:text-slate-300 dark:hover:text-white"}`}
              >
                {item.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
