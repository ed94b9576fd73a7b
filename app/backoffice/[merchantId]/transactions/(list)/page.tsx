import type { Metadata } from "next";
import { NoAccess } from "@/components/backoffice/no-access";
import { TransactionFiltersForm } from "@/components/backoffice/transactions/transaction-filters-form";
import { TransactionsTable } from "@/components/backoffice/transactions/transactions-table";
import { Alert } from "@/components/ui/alert";
import { EmptyState } from "@/components/ui/empty-state";
import { Pager } from "@/components/ui/pager";
import { PageHeader } from "@/components/ui/section";
import { getEnvironmentPreference } from "@/app/backoffice/_server/environment-preference";
import { firstParam, type SearchParams } from "@/lib/backoffice/search-params";
import { requirePagePermission } from "@/app/backoffice/_server/session";
import { listTransactionsPage } from "@/lib/backoffice/transactions/list-transactions-page";
import { FILTER_KEYS, filtersToQuery, hasFilters, parseTransactionFilters } from "@/lib/backoffice/transactions/transaction-filters";

export const metadata: Metadata = { title: "Transactions" };

export default async function TransactionsPage({ params, searchParams }: { params: Promise<{ merchantId: string }>; searchParams: SearchParams }) {
  const { merchantId } = await params;
  const sp = await searchParams;
  const access = await requirePagePermission(merchantId, "merchant.view");
  if (!access) return <NoAccess page="Transactions" roles="the merchant’s team" />;
  const environment = await getEnvironmentPreference(access.actor);
  const { filters, problems } = parseTransactionFilters(Object.fromEntries(FILTER_KEYS.map((k) => [k, firstParam(sp[k])])));
  const cursor = firstParam(sp.cursor);
  const page = await listTransactionsPage({ access, environment, filters, cursor });
  const basePath = `/backoffice/${merchantId}/transactions`;

  return (
    <>
      <PageHeader title="Transactions" description={`Sales, payouts, refunds and chargebacks of ${access.merchant.name} in ${environment}, newest first.`} />
      <div className="space-y-4">
        {/* Keyed by the filters: after "Clear all" or a new search the fields show the URL's values, not the last typed ones. */}
        <TransactionFiltersForm key={filtersToQuery(filters)} basePath={basePath} filters={filters} />
        {problems.length > 0 ? (
          <Alert tone="warning" title="Some filters were ignored">
            <ul className="list-disc pl-5">
              {problems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          </Alert>
        ) : null}
        {page.rows.length === 0 ? (
          <EmptyState title={hasFilters(filters) ? "No transaction matches" : "No transactions yet"}>
            {filters.q
              ? "The search matches an exact transaction ID, order ID, buyer ID or customer e-mail. Check the spelling, the filters and the environment (sandbox or production)."
              : hasFilters(filters)
                ? "Widen the filters or clear them."
                : "Transactions appear here as soon as your server creates a sale or a payout through the API."}
          </EmptyState>
        ) : (
          <TransactionsTable rows={page.rows} merchantId={merchantId} caption={hasFilters(filters) ? "Matching transactions, newest first" : "Transactions, newest first"} />
        )}
        <Pager label="Transaction pages" nextCursor={page.nextCursor} isFirstPage={!cursor} hrefForCursor={(c) => `${basePath}${filtersToQuery(filters, c ? { cursor: c } : {})}`} />
      </div>
    </>
  );
}
