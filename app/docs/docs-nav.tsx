"use client";
import Link from "next/link";
import { usePathname } from "next/navigation";

const LINKS = [
  { href: "/docs", label: "API reference" },
  { href: "/docs/webhooks", label: "Webhooks" },
  { href: "/docs/sandbox", label: "Sandbox" },
];

export function DocsNav() {
  const pathname = usePathname();
  return (
    <nav aria-label="Documentation">
      <ul className="flex flex-wrap gap-6 text-sm">
        {LINKS.map(({ href, label }) => {
          const current = pathname === href;
          return (
            <li key={href}>
              <Link
                href={href}
                aria-current={current ? "page" : undefined}
                className={current ? "font-semibold text-brand-600 underline underline-offset-4 dark:text-sky-300" : "text-slate-700 hover:underline dark:text-slate-300"}
              >
                {label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
