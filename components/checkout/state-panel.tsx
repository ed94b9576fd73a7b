// The page of a checkout with nothing left to pay: complete, declined,
// canceled, expired or under review. Says so plainly, and offers the way back
// to the merchant.
import { ui } from "./styles";

export type PanelTone = "success" | "failure" | "neutral";

export interface StatePanelProps {
  tone: PanelTone;
  title: string;
  body: string;
  link?: { href: string; label: string } | null;
  /** h1 on a page of its own (not found); h2 under the checkout's header. */
  headingLevel?: "h1" | "h2";
  children?: React.ReactNode;
}

const ICON: Record<PanelTone, { path: string; className: string }> = {
  success: { path: "M20 6 9 17l-5-5", className: "bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200" },
  failure: { path: "M18 6 6 18M6 6l12 12", className: "bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200" },
  neutral: { path: "M12 7v6m0 4h.01", className: "bg-slate-200 text-slate-800 dark:bg-slate-800 dark:text-slate-200" },
};

export function StatePanel({ tone, title, body, link, headingLevel: Heading = "h2", children }: StatePanelProps) {
  const icon = ICON[tone];
  return (
    <section aria-labelledby="state-title" className="text-center">
      <span className={`mx-auto flex h-12 w-12 items-center justify-center rounded-full ${icon.className}`}>
        <svg aria-hidden viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth={2.5} strokeLinecap="round" strokeLinejoin="round">
          <path d={icon.path} />
        </svg>
      </span>
      <Heading id="state-title" className={`mt-4 ${ui.heading}`}>
        {title}
      </Heading>
      <p className={`mt-2 ${ui.muted}`}>{body}</p>
      {children}
      {link ? (
        <p className="mt-6">
          <a href={link.href} className={ui.link}>
            {link.label}
          </a>
        </p>
      ) : null}
    </section>
  );
}
