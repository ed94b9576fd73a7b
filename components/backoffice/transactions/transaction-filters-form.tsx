// The Transactions page's search and filters: a plain GET form, so a filtered
// view is a URL to share with a colleague and works without JavaScript. The
// CSV export link carries the same filters.
import Link from "next/link";
import { buttonClass } from "@/components/ui/button";
import { SelectField, TextField } from "@/components/ui/field";
import { filtersToQuery, hasFilters, type TransactionFilters } from "@/lib/backoffice/transactions/transaction-filters";
import { TransactionAction, TransactionStatus } from "@/lib/generated/prisma/enums";
import { statusLabel } from "./status-badge";

const STATUS_OPTIONS = [{ value: "", label: "Any status" }, ...Object.values(TransactionStatus).map((s) => ({ value: s, label: `${statusLabel(s)} (${s})` }))];
const ACTION_OPTIONS = [{ value: "", label: "Any type" }, ...Object.values(TransactionAction).map((a) => ({ value: a, label: a }))];

export function TransactionFiltersForm({ basePath, filters }: { basePath: string; filters: TransactionFilters }) {
  return (
    <form method="get" action={basePath} role="search" aria-label="Search and filter transactions" className="space-y-3">
      <div className="flex flex-wrap items-end gap-3">
        <TextField
          name="q"
          type="search"
          label="Search transactions"
          defaultValue={filters.q ?? ""}
          placeholder="tx_…, order id, buyer id or e-mail"
          hint="Exact transaction ID, order ID, buyer ID or customer e-mail."
          frameClassName="w-full max-w-md"
          maxLength={254}
        />
        <button type="submit" className={buttonClass("primary")}>
          Search
        </button>
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <SelectField name="status" label="Status" options={STATUS_OPTIONS} defaultValue={filters.status ?? ""} frameClassName="w-52" />
        <SelectField name="action" label="Type" options={ACTION_OPTIONS} defaultValue={filters.action ?? ""} frameClassName="w-40" />
        <TextField name="currency" label="Currency" defaultValue={filters.currency ?? ""} placeholder="USD" maxLength={3} autoCapitalize="characters" frameClassName="w-28" />
        <TextField name="from" type="date" label="From (UTC)" defaultValue={filters.from ?? ""} frameClassName="w-44" />
        <TextField name="to" type="date" label="To (UTC)" defaultValue={filters.to ?? ""} frameClassName="w-44" />
        <button type="submit" className={buttonClass("secondary")}>
          Apply filters
        </button>
        {hasFilters(filters) ? (
          <Link href={basePath} className="py-2 text-sm underline">
            Clear all
          </Link>
        ) : null}
        <a href={`${basePath}/export${filtersToQuery(filters)}`} className={buttonClass("secondary", "md", "ml-auto")} download>
          Export CSV
        </a>
      </div>
    </form>
  );
}
