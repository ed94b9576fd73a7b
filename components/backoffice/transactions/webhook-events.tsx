// The webhook events of a transaction with every delivery attempt (SPEC §9):
// when, the answer's status code, how long it took, the error or the start
// of the response body — and a Resend button for those who run the receiver.
import { ActionForm } from "@/components/backoffice/action-form";
import { Badge } from "@/components/ui/badge";
import { DateTime } from "@/components/ui/date-time";
import { Table, TBody, Td, Th, THead } from "@/components/ui/table";
import type { ActionState } from "@/lib/backoffice/action-state";
import type { TransactionDetail } from "@/lib/backoffice/transactions/get-transaction-detail";

export interface WebhookEventsProps {
  events: TransactionDetail["events"];
  merchantId: string;
  environment: string;
  transactionId: string;
  /** Null when this person may not resend. */
  resend: ((prev: ActionState, formData: FormData) => Promise<ActionState>) | null;
}

export function WebhookEvents({ events, merchantId, environment, transactionId, resend }: WebhookEventsProps) {
  return (
    <ul className="space-y-4">
      {events.map((e) => (
        <li key={e.id} className="rounded-md border border-slate-200 p-3 dark:border-slate-700">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
            <code className="font-mono font-medium">{e.type}</code>
            {e.status === "delivered" ? <Badge tone="success">Delivered</Badge> : e.status === "failed" ? <Badge tone="danger">Failed</Badge> : <Badge tone="warning">Pending</Badge>}
            <span className="text-slate-600 dark:text-slate-400">
              created <DateTime value={e.createdAt} />
            </span>
            <span className="font-mono text-xs text-slate-600 dark:text-slate-400">{e.id}</span>
          </div>
          <p className="mt-1 break-all text-xs text-slate-600 dark:text-slate-400">
            To {e.url ?? "no callback URL"} · {e.attemptCount} attempt{e.attemptCount === 1 ? "" : "s"}
            {e.status === "pending" && e.nextAttemptAt ? (
              <>
                {" "}
                · next <DateTime value={e.nextAttemptAt} />
              </>
            ) : null}
          </p>
          {e.attempts.length > 0 ? (
            <div className="mt-2">
              <Table caption={`Delivery attempts of ${e.type} (${e.id})`}>
                <THead>
                  <Th>#</Th>
                  <Th>Time</Th>
                  <Th>Result</Th>
                  <Th>Duration</Th>
                  <Th>Response or error</Th>
                </THead>
                <TBody>
                  {e.attempts.map((a) => (
                    <tr key={a.id}>
                      <Td>
                        {a.attempt}
                        {a.manual ? <span className="ml-1 text-xs text-slate-600 dark:text-slate-400">(resend)</span> : null}
                      </Td>
                      <Td>
                        <DateTime value={a.startedAt} />
                      </Td>
                      <Td>{a.success ? <Badge tone="success">{a.statusCode ?? "OK"}</Badge> : <Badge tone="danger">{a.statusCode ?? "No response"}</Badge>}</Td>
                      <Td className="tabular-nums">{a.durationMs} ms</Td>
                      <Td className="max-w-md break-all font-mono text-xs">{a.error ?? a.responseBody ?? "—"}</Td>
                    </tr>
                  ))}
                </TBody>
              </Table>
            </div>
          ) : null}
          {resend && e.url ? (
            <div className="mt-2">
              <ActionForm action={resend} submitLabel="Resend" pendingLabel="Queuing…" variant="secondary" size="sm" className="space-y-2" label={`Resend ${e.type} (${e.id})`}>
                <input type="hidden" name="merchantId" value={merchantId} />
                <input type="hidden" name="environment" value={environment} />
                <input type="hidden" name="transactionId" value={transactionId} />
                <input type="hidden" name="eventId" value={e.id} />
              </ActionForm>
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
