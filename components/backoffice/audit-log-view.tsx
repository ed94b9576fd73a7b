// The audit log table and its filter, shared by a merchant's log and the
// operators' platform-wide log. The filter is a plain GET form, so a filtered
// view is a URL that can be shared with a colleague.
import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { buttonClass } from "@/components/ui/button";
import { DateTime } from "@/components/ui/date-time";
import { EmptyState } from "@/components/ui/empty-state";
import { Pager } from "@/components/ui/pager";
import { Table, TBody, Td, Th, THead } from "@/components/ui/table";
import { AUDIT_ACTION_FAMILIES, type AuditLogRow } from "@/lib/backoffice/audit/list-audit-log";
import type { Page } from "@/lib/backoffice/cursor";

export function AuditLogView({ page, action, cursor, basePath, showMerchant }: { page: Page<AuditLogRow>; action: string; cursor: string | null; basePath: string; showMerchant: boolean }) {
  const href = (c: string | null) => {
    const q = new URLSearchParams();
    if (action) q.set("action", action);
    if (c) q.set("cursor", c);
    const s = q.toString();
    return s ? `${basePath}?${s}` : basePath;
  };
  return (
    <div className="space-y-4">
      <form method="get" action={basePath} role="search" aria-label="Filter the audit log" className="flex flex-wrap items-end gap-3">
        <div className="space-y-1">
          <label htmlFor="audit-action" className="block text-sm font-medium">
            Action
          </label>
          <input
            id="audit-action"
            name="action"
            list="audit-action-families"
            defaultValue={action}
            placeholder="e.g. auth. or api_key.created"
            aria-describedby="audit-action-hint"
            className="w-72 max-w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-600 dark:bg-slate-900"
          />
          <datalist id="audit-action-families">
            {AUDIT_ACTION_FAMILIES.map((a) => (
              <option key={a} value={a} />
            ))}
          </datalist>
          <p id="audit-action-hint" className="text-xs text-slate-600 dark:text-slate-400">
            An exact action, or a family ending in a dot.
          </p>
        </div>
        <button type="submit" className={buttonClass("secondary")}>
          Filter
        </button>
        {action ? (
          <Link href={basePath} className="text-sm underline">
            Clear filter
          </Link>
        ) : null}
      </form>
      {page.rows.length === 0 ? (
        <EmptyState title={action ? "No entries match this filter" : "No audit entries yet"}>Sign-ins, key changes, settings and team changes are recorded here.</EmptyState>
      ) : (
        <Table caption="Audit log entries, newest first">
          <THead>
            <Th>Time</Th>
            <Th>Who</Th>
            <Th>Action</Th>
            {showMerchant ? <Th>Merchant</Th> : null}
            <Th>Target</Th>
            <Th>Reason</Th>
            <Th>Details</Th>
          </THead>
          <TBody>
            {page.rows.map((r) => (
              <tr key={r.id}>
                <Td>
                  <DateTime value={r.createdAt} />
                </Td>
                <Td>
                  <div>{r.actorEmail ?? r.actorType}</div>
                  {r.ip ? <div className="font-mono text-xs text-slate-600 dark:text-slate-400">{r.ip}</div> : null}
                </Td>
                <Td>
                  <code className="font-mono text-sm">{r.action}</code>
                  {r.environment ? (
                    <div className="mt-1">
                      <Badge tone={r.environment === "sandbox" ? "warning" : "info"}>{r.environment}</Badge>
                    </div>
                  ) : null}
                </Td>
                {showMerchant ? <Td>{r.merchant?.name ?? <span className="text-slate-500 dark:text-slate-400">Platform</span>}</Td> : null}
                <Td className="font-mono text-xs">{r.targetType ? `${r.targetType} ${r.targetId ?? ""}` : "—"}</Td>
                <Td className="max-w-xs break-words">{r.reason ?? "—"}</Td>
                <Td>
                  {r.details ? (
                    <details>
                      <summary className="cursor-pointer text-sm">Show</summary>
                      <pre className="mt-2 max-w-md overflow-x-auto whitespace-pre-wrap break-all rounded bg-slate-100 p-2 text-xs dark:bg-slate-800">{JSON.stringify(r.details, null, 2)}</pre>
                    </details>
                  ) : (
                    "—"
                  )}
                </Td>
              </tr>
            ))}
          </TBody>
        </Table>
      )}
      <Pager label="Audit log pages" nextCursor={page.nextCursor} isFirstPage={!cursor} hrefForCursor={href} />
    </div>
  );
}
