import type { Metadata } from "next";
import Link from "next/link";
import { SalesVolumeChart } from "@/components/backoffice/charts/sales-volume-chart";
import { SuccessRateChart } from "@/components/backoffice/charts/success-rate-chart";
import { HeldSummary } from "@/components/backoffice/approvals/held-summary";
import { NoAccess } from "@/components/backoffice/no-access";
import { Money } from "@/components/backoffice/transactions/money";
import { TransactionsTable } from "@/components/backoffice/transactions/transactions-table";
import { DateTime } from "@/components/ui/date-time";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader, Section } from "@/components/ui/section";
import { Table, TBody, Td, Th, THead } from "@/components/ui/table";
import { getEnvironmentPreference } from "@/app/backoffice/_server/environment-preference";
import { getOverview } from "@/lib/backoffice/overview/get-overview";
import type { SalesStats } from "@/lib/backoffice/overview/get-sales-stats";
import { firstParam, type SearchParams } from "@/lib/backoffice/search-params";
import { requirePagePermission } from "@/app/backoffice/_server/session";
import { formatMoney } from "@/lib/schema/currencies";

export const metadata: Metadata = { title: "Overview" };

const percent = (succeeded: number, decided: number) => (decided === 0 ? null : Math.round((succeeded / decided) * 1000) / 10);

function summaries(stats: SalesStats, currency: string | null, range: number) {
  const succeeded = stats.days.reduce((n, d) => n + d.succeeded, 0);
  const decided = stats.days.reduce((n, d) => n + d.decided, 0);
  const volume = currency ? stats.days.reduce((n, d) => n + (d.volume[currency] ?? 0), 0) : 0;
  const rate = percent(succeeded, decided);
  return {
    volume: currency ? `Successful sales volume in ${currency} over the last ${range} days: ${formatMoney(volume, currency)} in total.` : `No successful sales in the last ${range} days.`,
    rate: rate === null ? `No sale was decided in the last ${range} days.` : `Sale success rate over the last ${range} days: ${rate} % (${succeeded} of ${decided} decided sales succeeded).`,
  };
}

export default async function OverviewPage({ params, searchParams }: { params: Promise<{ merchantId: string }>; searchParams: SearchParams }) {
  const { merchantId } = await params;
  const sp = await searchParams;
  const access = await requirePagePermission(merchantId, "merchant.view");
  if (!access) return <NoAccess page="Overview" roles="the merchant’s team" />;
  const environment = await getEnvironmentPreference(access.actor);
  const range = firstParam(sp.range) === "30" ? 30 : 7;
  const { balances, stats, recent, held } = await getOverview({ access, environment, range });
  const asked = firstParam(sp.currency);
  const currency = asked && stats.currencies.includes(asked) ? asked : (stats.currencies[0] ?? null);
  const text = summaries(stats, currency, range);
  const base = `/backoffice/${merchantId}`;
  const link = (q: { range?: number; currency?: string | null }) => {
    const s = new URLSearchParams();
    const r = q.range ?? range;
    if (r !== 7) s.set("range", String(r));
    const c = q.currency === undefined ? currency : q.currency;
    if (c && c !== stats.currencies[0]) s.set("currency", c);
    const str = s.toString();
    return `${base}/overview${str ? `?${str}` : ""}`;
  };
  const tab = (active: boolean) =>
    `rounded-md px-3 py-1.5 text-sm font-medium ${active ? "bg-slate-900 text-white dark:bg-white dark:text-slate-900" : "text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"}`;

  return (
    <>
      <PageHeader title="Overview" description={`${access.merchant.name} in ${environment}: balances, sales of the last ${range} days and the latest transactions.`} />
      <div className="space-y-6">
        {held ? <HeldSummary counts={held} approvalsHref={`${base}/approvals`} heldHref={`${base}/transactions?status=WAIT_APPROVE`} /> : null}

        <Section id="balances" title="Balances" description="Available can be paid out or refunded; reserved is held for payouts on their way.">
          {balances.length === 0 ? (
            <EmptyState title="No balance yet">Balances appear with the first successful sale{environment === "sandbox" ? " or test funds (POST /v1/sandbox/balance)" : ""}.</EmptyState>
          ) : (
            <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label="Balances per currency">
              {balances.map((b) => (
                <li key={b.currency} className="rounded-md border border-slate-200 p-4 dark:border-slate-700">
                  <p className="text-sm font-semibold text-slate-700 dark:text-slate-300">{b.currency}</p>
                  <dl className="mt-2 space-y-1">
                    <div className="flex items-baseline justify-between gap-2">
                      <dt className="text-sm text-slate-600 dark:text-slate-400">Available</dt>
                      <dd className="text-xl font-semibold">
                        <Money minor={b.available} currency={b.currency} />
                      </dd>
                    </div>
                    <div className="flex items-baseline justify-between gap-2">
                      <dt className="text-sm text-slate-600 dark:text-slate-400">Reserved</dt>
                      <dd>
                        <Money minor={b.reserved} currency={b.currency} />
                      </dd>
                    </div>
                  </dl>
                </li>
              ))}
            </ul>
          )}
        </Section>

        <Section
          id="sales"
          title="Sales"
          description={
            <>
              Per UTC day. Volume counts successful sales; the success rate is succeeded out of decided (succeeded or declined) sales. As of <DateTime value={stats.computedAt} /> (refreshed every minute).
            </>
          }
          actions={
            <nav aria-label="Period" className="flex gap-1">
              {[7, 30].map((r) => (
                <Link key={r} href={link({ range: r })} aria-current={r === range ? "page" : undefined} className={tab(r === range)}>
                  {r} days
                </Link>
              ))}
            </nav>
          }
        >
          <div className="grid gap-6 lg:grid-cols-2">
            <div>
              <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
                <h3 className="text-sm font-semibold">Volume{currency ? ` (${currency})` : ""}</h3>
                {stats.currencies.length > 1 ? (
                  <nav aria-label="Currency" className="flex gap-1">
                    {stats.currencies.map((c) => (
                      <Link key={c} href={link({ currency: c })} aria-current={c === currency ? "page" : undefined} className={tab(c === currency)}>
                        {c}
                      </Link>
                    ))}
                  </nav>
                ) : null}
              </div>
              {currency ? (
                <SalesVolumeChart currency={currency} summary={text.volume} data={stats.days.map((d) => ({ day: d.day, volume: d.volume[currency] ?? 0 }))} />
              ) : (
                <EmptyState title="No successful sales in this period" />
              )}
              <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{text.volume}</p>
            </div>
            <div>
              <h3 className="mb-2 text-sm font-semibold">Success rate</h3>
              <SuccessRateChart summary={text.rate} data={stats.days.map((d) => ({ day: d.day, rate: percent(d.succeeded, d.decided) }))} />
              <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{text.rate}</p>
            </div>
          </div>
          <details className="mt-4">
            <summary className="cursor-pointer text-sm font-medium">Show the numbers as a table</summary>
            <div className="mt-2">
              <Table caption={`Sales per day, last ${range} days`}>
                <THead>
                  <Th>Day (UTC)</Th>
                  <Th className="text-right">Succeeded</Th>
                  <Th className="text-right">Decided</Th>
                  <Th className="text-right">Success rate</Th>
                  {stats.currencies.map((c) => (
                    <Th key={c} className="text-right">
                      Volume {c}
                    </Th>
                  ))}
                </THead>
                <TBody>
                  {stats.days.map((d) => {
                    const rate = percent(d.succeeded, d.decided);
                    return (
                      <tr key={d.day}>
                        <Td>{d.day}</Td>
                        <Td className="text-right tabular-nums">{d.succeeded}</Td>
                        <Td className="text-right tabular-nums">{d.decided}</Td>
                        <Td className="text-right tabular-nums">{rate === null ? "—" : `${rate} %`}</Td>
                        {stats.currencies.map((c) => (
                          <Td key={c} className="text-right">
                            <Money minor={d.volume[c] ?? 0} currency={c} />
                          </Td>
                        ))}
                      </tr>
                    );
                  })}
                </TBody>
              </Table>
            </div>
          </details>
        </Section>

        <Section
          id="recent"
          title="Recent transactions"
          actions={
            <Link href={`${base}/transactions`} className="text-sm underline">
              All transactions
            </Link>
          }
        >
          {recent.length === 0 ? (
            <EmptyState title="No transactions yet">Transactions appear here as soon as your server creates a sale or a payout through the API.</EmptyState>
          ) : (
            <TransactionsTable rows={recent} merchantId={merchantId} caption="The 10 latest transactions" />
          )}
        </Section>
      </div>
    </>
  );
}
