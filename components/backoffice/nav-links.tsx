"use client";
// The main navigation. The current page is marked with aria-current so a
// screen reader announces it, and visually by more than colour (a bar).
import Link from "next/link";
import { usePathname } from "next/navigation";

export interface NavItem {
  label: string;
  href: string;
}

export function NavLinks({ items }: { items: NavItem[] }) {
  const pathname = usePathname();
  return (
    <ul className="flex gap-1 overflow-x-auto px-2 py-2 md:flex-col md:overflow-visible md:px-3 md:py-4">
      {items.map((item) => {
        const current = pathname === item.href || pathname.startsWith(`${item.href}/`);
        return (
          <li key={item.href} className="shrink-0">
            <Link
              href={item.href}
              aria-current={current ? "page" : undefined}
              className={`block whitespace-nowrap rounded-md border-l-4 px-3 py-2 text-sm font-medium ${
                current
                  ? "border-brand-600 bg-slate-100 text-slate-950 dark:border-sky-400 dark:bg-slate-800 dark:text-white"
                  : "border-transparent text-slate-700 hover:bg-slate-100 hover:text-slate-950 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white"
              }`}
            >
              {item.label}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
