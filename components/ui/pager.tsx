// Cursor pagination controls: "Older" follows the cursor, "Newest" goes back
// to the first page. There is no page count on purpose (no COUNT(*) per view).
import Link from "next/link";
import { buttonClass } from "./button";

export interface PagerProps {
  hrefForCursor: (cursor: string | null) => string;
  nextCursor: string | null;
  isFirstPage: boolean;
  label: string;
  /** For lists not sorted newest first (e.g. by amount). */
  firstLabel?: string;
  nextLabel?: string;
}

export function Pager({ hrefForCursor, nextCursor, isFirstPage, label, firstLabel = "Newest", nextLabel = "Older" }: PagerProps) {
  if (!nextCursor && isFirstPage) return null;
  return (
    <nav aria-label={label} className="mt-4 flex items-center justify-between gap-2">
      {isFirstPage ? <span /> : <Link className={buttonClass("secondary", "sm")} href={hrefForCursor(null)}>← {firstLabel}</Link>}
      {nextCursor ? <Link className={buttonClass("secondary", "sm")} href={hrefForCursor(nextCursor)}>{nextLabel} →</Link> : <span className="text-sm text-slate-600 dark:text-slate-400">End of list</span>}
    </nav>
  );
}
