// The status history of a transaction (SPEC §4): each move with when, who
// and why, oldest first, as a list a screen reader reads in order.
import { DateTime } from "@/components/ui/date-time";
import type { TransactionDetail } from "@/lib/backoffice/transactions/get-transaction-detail";
import { StatusBadge } from "./status-badge";

export function StatusTimeline({ history }: { history: TransactionDetail["history"] }) {
  return (
    <ol aria-label="Status history" className="relative space-y-4 border-l-2 border-slate-200 pl-5 dark:border-slate-700">
      {history.map((h) => (
        <li key={h.id} className="relative">
          <span aria-hidden="true" className="absolute -left-[1.65rem] top-1.5 h-3 w-3 rounded-full border-2 border-white bg-slate-400 dark:border-slate-900" />
          <div className="flex flex-wrap items-center gap-2 text-sm">
            {h.fromStatus ? (
              <>
                <StatusBadge status={h.fromStatus} />
                <span aria-label="to">→</span>
              </>
            ) : (
              <span className="text-slate-600 dark:text-slate-400">Created as</span>
            )}
            <StatusBadge status={h.toStatus} />
            <DateTime value={h.createdAt} />
          </div>
          <p className="mt-1 text-sm">
            by <span className="font-medium">{h.actorLabel}</span>
            {h.reason ? <span className="text-slate-700 dark:text-slate-300"> — {h.reason}</span> : null}
          </p>
        </li>
      ))}
    </ol>
  );
}
