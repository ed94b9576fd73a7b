"use client";
// The upload form for a bank's pain.002 or camt.054, and what the import did:
// each payout settled or declined (with the ISO reason code), each still
// waiting, and each skipped with the reason — so an operator can see at once
// that a file imported twice changed nothing.
import { useActionState } from "react";
import { ActionMessage } from "@/components/backoffice/action-message";
import { Button } from "@/components/ui/button";
import { type ActionState, IDLE } from "@/lib/backoffice/action-state";
import type { ImportSummary } from "@/lib/bank-files/import-bank-report";

export function ReportUploadForm({ action }: { action: (prev: ActionState<ImportSummary>, formData: FormData) => Promise<ActionState<ImportSummary>> }) {
  const [state, formAction, pending] = useActionState<ActionState<ImportSummary>, FormData>(action, IDLE);
  const summary = state.status === "success" ? state.data : undefined;
  return (
    <div className="space-y-4">
      <form action={formAction} aria-label="Import a bank report" className="space-y-3">
        <label className="block text-sm font-medium">
          Bank report (pain.002 or camt.054)
          <input type="file" name="file" accept=".xml,application/xml,text/xml" required className="mt-1 block text-sm" />
        </label>
        <ActionMessage state={state} />
        <Button type="submit" disabled={pending}>
          {pending ? "Importing…" : "Import report"}
        </Button>
      </form>
      {summary ? <ImportResult summary={summary} /> : null}
    </div>
  );
}

function ImportResult({ summary }: { summary: ImportSummary }) {
  const rows: { label: string; id: string; detail: string }[] = [
    ...summary.settled.map((p) => ({ label: "Settled", id: p.transactionId, detail: `SUCCESS (${p.status})` })),
    ...summary.declined.map((p) => ({ label: "Declined", id: p.transactionId, detail: `${p.reasonCode ?? "no code"}: ${p.message}` })),
    ...summary.waiting.map((p) => ({ label: "Waiting", id: p.transactionId, detail: `${p.status}: not final yet` })),
    ...summary.skipped.map((p) => ({ label: "Skipped", id: p.endToEndId, detail: p.reason })),
  ];
  return (
    <ul aria-label="Import result" className="divide-y divide-slate-100 rounded-md border border-slate-200 text-sm dark:divide-slate-800 dark:border-slate-800">
      {rows.map((r) => (
        <li key={`${r.label}-${r.id}`} className="flex flex-wrap gap-x-3 px-3 py-2">
          <span className="font-medium">{r.label}</span>
          <code className="font-mono text-xs">{r.id}</code>
          <span>{r.detail}</span>
        </li>
      ))}
    </ul>
  );
}
