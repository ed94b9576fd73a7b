import type { Metadata } from "next";
import Link from "next/link";
import { KycBadge } from "@/components/backoffice/customers/kyc-badge";
import { NoAccess } from "@/components/backoffice/no-access";
import { Badge } from "@/components/ui/badge";
import { buttonClass } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { SelectField, TextField } from "@/components/ui/field";
import { Pager } from "@/components/ui/pager";
import { PageHeader } from "@/components/ui/section";
import { Table, TBody, Td, Th, THead } from "@/components/ui/table";
import { listCustomers, ZCustomerFilters } from "@/lib/backoffice/customers/list-customers";
import { formatRiskAmount, riskAmountInCurrencies } from "@/lib/backoffice/settings/risk-amounts";
import { getEnvironmentPreference } from "@/app/backoffice/_server/environment-preference";
import { firstParam, type SearchParams } from "@/lib/backoffice/search-params";
import { requirePagePermission } from "@/app/backoffice/_server/session";

export const metadata: Metadata = { title: "Customers" };


export default async function CustomersPage({ params, searchParams }: { params: Promise<{ merchantId: string }>; searchParams: SearchParams }) {
  const { merchantId } = await params;
  const sp = await searchParams;
  const access = await requirePagePermission(merchantId, "merchant.view");
  if (!access) return <NoAccess page="Customers" roles="the merchant’s team" />;
  const environment = await getEnvironmentPreference(access.actor);
  const filters = ZCustomerFilters.parse({ kycStatus: firstParam(sp.kycStatus) ?? undefined, q: firstParam(sp.q) ?? undefined });
  const cursor = firstParam(sp.cursor);
  const page = await listCustomers({ access, environment, filters, cursor });
  const basePath = `/backoffice/${merchantId}/customers`;
  const query = (c: string | null) => {
    const s = new URLSearchParams();
    if (filters.q) s.set("q", filters.q);
    if (filters.kycStatus) s.set("kycStatus", filters.kycStatus);
    if (c) s.set("cursor", c);
    const str = s.toString();
    return str ? `${basePath}?${str}` : basePath;
  };
  const filtered = Boolean(filters.q || filters.kycStatus);
  const amount = (minor: bigint) => formatRiskAmount(minor, page.unit);

  return (
    <>
      <PageHeader
        title="Customers"
        description={`The customers of ${access.merchant.name} in ${environment}: KYC status and level, and what is left of today’s payout limit (UTC day).${access.actor.isOperator ? " Open a customer to review a pending verification or grant the enhanced level." : ""}`}
      />
      <div className="space-y-4">
        <form key={query(null)} method="get" action={basePath} role="search" aria-label="Customer search and filters" className="flex flex-wrap items-end gap-3">
          <TextField name="q" type="search" label="Search customers" defaultValue={filters.q ?? ""} placeholder="buyer id or e-mail" hint="Exact buyer ID or e-mail." frameClassName="w-full max-w-sm" maxLength={254} />
          <SelectField
            name="kycStatus"
            label="KYC status"
            defaultValue={filters.kycStatus ?? ""}
            options={[
              { value: "", label: "Any" },
              { value: "pending", label: "Pending review" },
              { value: "verified", label: "Verified" },
              { value: "rejected", label: "Rejected" },
              { value: "none", label: "Not verified" },
            ]}
            frameClassName="w-48"
          />
          <button type="submit" className={buttonClass("secondary")}>
            Apply
          </button>
          {filtered ? (
            <Link href={basePath} className="py-2 text-sm underline">
              Clear all
            </Link>
          ) : null}
        </form>
        {page.rows.length === 0 ? (
          <EmptyState title={filtered ? "No customer matches" : "No customers yet"}>Customers are created with their first transaction or verification request, identified by the buyerId your server sends.</EmptyState>
        ) : (
          <>
            <p className="text-sm text-slate-600 dark:text-slate-400">
              Payout limits are in major units of each payout’s own currency (Sluice converts none)
              {page.unit.currencies.length > 0 ? `: ${amount(100_000n)} is ${riskAmountInCurrencies(100_000n, page.unit)}` : ""}. A customer’s payouts of every currency count towards one limit.
            </p>
            <Table caption={filters.kycStatus ? "Customers, most recently changed first" : "Customers by buyer ID"}>
              <THead>
                <Th>Buyer ID</Th>
                <Th>E-mail</Th>
                <Th>Name</Th>
                <Th>KYC</Th>
                <Th>Level</Th>
                <Th className="text-right">Daily payout limit</Th>
                <Th className="text-right">Left today</Th>
              </THead>
              <TBody>
                {page.rows.map((c) => (
                  <tr key={c.id}>
                    <Td className="max-w-[14rem] break-all">
                      <Link href={`${basePath}/${c.id}`} className="font-medium text-brand-700 underline-offset-2 hover:underline dark:text-sky-300">
                        {c.buyerId}
                      </Link>
                    </Td>
                    <Td className="break-all">{c.email ?? "—"}</Td>
                    <Td>{[c.firstName, c.lastName].filter(Boolean).join(" ") || "—"}</Td>
                    <Td>
                      <KycBadge status={c.kycStatus} />
                      {c.awaitingReview && c.kycStatus !== "pending" ? (
                        <span className="ml-1">
                          <Badge tone="warning">Review pending</Badge>
                        </span>
                      ) : null}
                    </Td>
                    <Td>{c.kycLevel}</Td>
                    <Td className="text-right tabular-nums">{amount(c.limit.daily)}</Td>
                    <Td className="text-right tabular-nums">{amount(c.limit.remaining)}</Td>
                  </tr>
                ))}
              </TBody>
            </Table>
          </>
        )}
        <Pager label="Customer pages" nextCursor={page.nextCursor} isFirstPage={!cursor} hrefForCursor={query} firstLabel="First page" nextLabel="Next page" />
      </div>
    </>
  );
}
