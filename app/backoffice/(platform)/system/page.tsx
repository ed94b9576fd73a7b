import type { Metadata } from "next";
import Link from "next/link";
import { CircuitBadge, SuccessRate } from "@/components/backoffice/connectors/connector-health";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { buttonClass } from "@/components/ui/button";
import { DateTime } from "@/components/ui/date-time";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader, Section } from "@/components/ui/section";
import { Table, TBody, Td, Th, THead } from "@/components/ui/table";
import { getSystemHealth } from "@/lib/backoffice/system/get-system-health";
import { formatMoney } from "@/lib/schema/currencies";
import { requireOperatorPage } from "@/app/backoffice/_server/session";

export const metadata: Metadata = { title: "System" };

function count(n: number): string {
  return n.toLocaleString("en");
}

function age(from: Date | string, now: Date): string {
  const s = Math.max(0, Math.round((now.getTime() - new Date(from).getTime()) / 1000));
  if (s < 120) return `${s} s`;
  if (s < 7200) return `${Math.round(s / 60)} min`;
  return `${Math.round(s / 3600)} h`;
}

function Stat({ label, value, tone, children }: { label: string; value: string; tone: "success" | "warning" | "danger"; children?: React.ReactNode }) {
  const ring = { success: "border-green-300 dark:border-green-800", warning: "border-amber-300 dark:border-amber-700", danger: "border-red-300 dark:border-red-800" }[tone];
  return (
    <div className={`rounded-lg border-2 bg-white p-4 dark:bg-slate-900 ${ring}`}>
      <dt className="text-sm text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold tabular-nums">{value}</dd>
      {children ? <dd className="mt-1 text-xs text-slate-600 dark:text-slate-400">{children}</dd> : null}
    </div>
  );
}

export default async function SystemPage() {
  const actor = await requireOperatorPage();
  const h = await getSystemHealth({ actor });
  const w = h.webhooks;
  return (
    <>
      <PageHeader
        title="System"
        description={
          <>
            Queue, webhook and connector health across the platform, read at <DateTime value={h.checkedAt} />.
          </>
        }
        actions={
          <Link href="/backoffice/system" className={buttonClass("secondary", "sm")}>
            Refresh
          </Link>
        }
      />
      <div className="space-y-6">
        <section aria-labelledby="webhook-health">
          <h2 id="webhook-health" className="mb-3 text-base font-semibold">
            Webhook delivery
          </h2>
          {w.unsignableAttempts24h > 0 ? (
            <Alert tone="error" title={`${count(w.unsignableAttempts24h)} delivery attempt${w.unsignableAttempts24h === 1 ? "" : "s"} could not be signed in the last 24 h`}>
              A webhook signing key cannot be decrypted with APP_ENCRYPTION_KEY or APP_ENCRYPTION_KEYS_OLD (a key changed without the old one kept?). Those events keep retrying on their schedule. Put the old key in APP_ENCRYPTION_KEYS_OLD and run <code>npm run cli -- secrets:re-encrypt</code>; see README “Rotating the encryption key”.
            </Alert>
          ) : null}
          <dl className="mt-3 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <Stat label="Outbox backlog" value={count(w.outboxBacklog)} tone={w.outboxBacklog === 0 ? "success" : w.outboxBacklog < 100 ? "warning" : "danger"}>
              Events committed but not yet handed to the queue.
            </Stat>
            <Stat label="Oldest undelivered event" value={w.oldestUndelivered ? age(w.oldestUndelivered.createdAt, h.checkedAt) : "None"} tone={!w.oldestUndelivered ? "success" : w.oldestUndelivered.ageSeconds < 600 ? "warning" : "danger"}>
              {w.oldestUndelivered ? <code className="font-mono">{w.oldestUndelivered.id}</code> : "Every event is delivered or given up."}
            </Stat>
            <Stat label="Failed attempts, last 24 h" value={count(w.failedAttempts24h)} tone={w.failedAttempts24h === 0 ? "success" : "warning"}>
              Receivers that answered non-2xx, timed out or were unreachable.
            </Stat>
            <Stat label="Events given up, last 24 h" value={count(w.failedEvents24h)} tone={w.failedEvents24h === 0 ? "success" : "danger"}>
              All retries used; staff can resend them.
            </Stat>
            <Stat label="To callback URLs, last 24 h" value={`${count(w.deliveries24h.callback.delivered)} delivered`} tone={w.deliveries24h.callback.failed === 0 ? "success" : "warning"}>
              {count(w.deliveries24h.callback.failed)} given up. Each transaction&apos;s own callbackUrl.
            </Stat>
            <Stat label="To webhook endpoints, last 24 h" value={`${count(w.deliveries24h.endpoint.delivered)} delivered`} tone={w.deliveries24h.endpoint.failed === 0 ? "success" : "warning"}>
              {count(w.deliveries24h.endpoint.failed)} given up. Endpoints merchants registered (SPEC §18).
            </Stat>
          </dl>
        </section>

        <Section id="connector-health" title="Connectors" description="Each provider account's circuit breaker (open after 5 transport failures within 30 s, half-open after 30 s) and the last hour's attempts that took the payment.">
          {h.connectors.length === 0 ? (
            <EmptyState title="No connectors">
              Add one under <Link href="/backoffice/connectors" className="underline">Connectors</Link>.
            </EmptyState>
          ) : (
            <Table caption="Connector health">
              <THead>
                <Th>Connector</Th>
                <Th>Environment</Th>
                <Th>Circuit</Th>
                <Th>Success, last hour</Th>
                <Th className="text-right">Unknown outcomes</Th>
              </THead>
              <TBody>
                {h.connectors.map((c) => (
                  <tr key={c.connectorId} data-connector={c.connectorId}>
                    <Td>
                      <div className="font-medium">{c.name}</div>
                      <div className="font-mono text-xs">
                        {c.connectorId} · {c.provider}
                      </div>
                      {c.enabled ? null : <Badge tone="danger">Disabled</Badge>}
                    </Td>
                    <Td>{c.environment}</Td>
                    <Td>
                      <CircuitBadge state={c.circuit} />
                    </Td>
                    <Td>
                      <SuccessRate health={c} />
                    </Td>
                    <Td className="text-right tabular-nums">{c.unknownOutcomes}</Td>
                  </tr>
                ))}
              </TBody>
            </Table>
          )}
        </Section>

        <Section id="unknown-outcomes" title="Unknown outcomes" description="Provider calls older than 10 minutes whose outcome Sluice does not know (a timeout or a crash mid-call): the money may have moved. The reconcile job keeps asking the provider for 24 h; after that an operator settles it with the provider.">
          {h.unknownOutcomes.length === 0 ? (
            <EmptyState title="None older than 10 minutes" />
          ) : (
            <Table caption="Unknown outcomes older than 10 minutes">
              <THead>
                <Th>Started</Th>
                <Th>Transaction</Th>
                <Th>Connector</Th>
                <Th>Operation</Th>
                <Th className="text-right">Amount</Th>
                <Th>Provider reference</Th>
                <Th>Checks</Th>
              </THead>
              <TBody>
                {h.unknownOutcomes.map((u) => (
                  <tr key={u.attemptId}>
                    <Td>
                      {age(u.startedAt, h.checkedAt)} ago
                    </Td>
                    <Td>
                      <Link href={`/backoffice/${u.merchantId}/transactions/${u.transactionId}`} className="font-mono text-xs underline">
                        {u.transactionId}
                      </Link>
                      <div className="text-xs">{u.environment}</div>
                    </Td>
                    <Td>
                      {u.connectorName}
                      <div className="font-mono text-xs">{u.connectorId}</div>
                    </Td>
                    <Td>{u.operation}</Td>
                    <Td className="text-right tabular-nums">{formatMoney(u.amount, u.currency)}</Td>
                    <Td className="font-mono text-xs">{u.providerRef ?? "—"}</Td>
                    <Td>
                      {u.checks} {u.nextCheckAt ? <>· next <DateTime value={u.nextCheckAt} /></> : <Badge tone="danger">Settle by hand</Badge>}
                    </Td>
                  </tr>
                ))}
              </TBody>
            </Table>
          )}
        </Section>

        <section aria-labelledby="bank-payouts">
          <h2 id="bank-payouts" className="mb-3 text-base font-semibold">
            Bank payouts
          </h2>
          <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <Stat label="Unreported after 5 business days" value={count(h.bankPayoutsOverdue)} tone={h.bankPayoutsOverdue === 0 ? "success" : "danger"}>
              Exported in a bank file, no pain.002 or camt.054 about them since. <Link href="/backoffice/bank-files#overdue">Bank files</Link>
            </Stat>
          </dl>
        </section>

        <Section title="Workers" description="Each worker process writes a heartbeat every 5 seconds. None listed means no worker is running: webhooks, payouts and expiry stop.">
          {h.workers === null ? (
            <Alert tone="error" title="Redis is unreachable">Heartbeats cannot be read. Check REDIS_URL and that Redis is running.</Alert>
          ) : h.workers.length === 0 ? (
            <EmptyState title="No worker is running">Start one with `npm run worker` (npm start runs one for you).</EmptyState>
          ) : (
            <Table caption="Worker heartbeats">
              <THead>
                <Th>Worker</Th>
                <Th>Host and PID</Th>
                <Th>Queues</Th>
                <Th>Started</Th>
                <Th>Last heartbeat</Th>
              </THead>
              <TBody>
                {h.workers.map((w) => (
                  <tr key={w.workerId}>
                    <Td className="font-mono text-xs">{w.workerId}</Td>
                    <Td>
                      {w.host} · {w.pid}
                    </Td>
                    <Td>{w.queues.length ? w.queues.join(", ") : "—"}</Td>
                    <Td>
                      <DateTime value={w.startedAt} />
                    </Td>
                    <Td>
                      {age(w.at, h.checkedAt)} ago {w.stale ? <Badge tone="danger">Late</Badge> : <Badge tone="success">Alive</Badge>}
                    </Td>
                  </tr>
                ))}
              </TBody>
            </Table>
          )}
        </Section>

        <Section title="Queues" description="Jobs per state. Waiting should drain within seconds while a worker runs; delayed jobs are scheduled retries.">
          {h.queues === null ? (
            <Alert tone="error" title="Redis is unreachable">Queue depths cannot be read.</Alert>
          ) : (
            <Table caption="Queue depths">
              <THead>
                <Th>Queue</Th>
                <Th className="text-right">Waiting</Th>
                <Th className="text-right">Active</Th>
                <Th className="text-right">Delayed</Th>
                <Th className="text-right">Failed</Th>
              </THead>
              <TBody>
                {h.queues.map((q) => (
                  <tr key={q.queue}>
                    <Td className="font-mono">{q.queue}</Td>
                    <Td className="text-right tabular-nums">{q.waiting}</Td>
                    <Td className="text-right tabular-nums">{q.active}</Td>
                    <Td className="text-right tabular-nums">{q.delayed}</Td>
                    <Td className="text-right tabular-nums">{q.failed}</Td>
                  </tr>
                ))}
              </TBody>
            </Table>
          )}
        </Section>
      </div>
    </>
  );
}
