import type { Metadata } from "next";
import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { buttonClass } from "@/components/ui/button";
import { DateTime } from "@/components/ui/date-time";
import { EmptyState } from "@/components/ui/empty-state";
import { Pager } from "@/components/ui/pager";
import { PageHeader } from "@/components/ui/section";
import { Table, TBody, Td, Th, THead } from "@/components/ui/table";
import { listMerchants } from "@/lib/backoffice/merchants/list-merchants";
import { firstParam, type SearchParams } from "@/lib/backoffice/search-params";
import { requireOperatorPage } from "@/app/backoffice/_server/session";

export const metadata: Metadata = { title: "Merchants" };

export default async function MerchantsPage({ searchParams }: { searchParams: SearchParams }) {
  const actor = await requireOperatorPage();
  const sp = await searchParams;
  const q = firstParam(sp.q) ?? "";
  const cursor = firstParam(sp.cursor);
  const page = await listMerchants({ actor, search: q, cursor });
  const href = (c: string | null) => {
    const p = new URLSearchParams();
    if (q) p.set("q", q);
    if (c) p.set("cursor", c);
    const s = p.toString();
    return s ? `/backoffice/merchants?${s}` : "/backoffice/merchants";
  };
  return (
    <>
      <PageHeader title="Merchants" description="Every merchant on the platform, newest first. Open one to see its back office, change its status or raise its rate limits." />
      <form method="get" role="search" aria-label="Search merchants" className="mb-4 flex flex-wrap items-end gap-3">
        <div className="space-y-1">
          <label htmlFor="merchant-search" className="block text-sm font-medium">
            Search merchants
          </label>
          <input id="merchant-search" name="q" type="search" defaultValue={q} placeholder="Name, domain or mr_…" className="w-72 max-w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-600 dark:bg-slate-900" />
        </div>
        <button type="submit" className={buttonClass("secondary")}>
          Search
        </button>
        {q ? (
          <Link href="/backoffice/merchants" className="text-sm underline">
            Clear
          </Link>
        ) : null}
      </form>
      {page.rows.length === 0 ? (
        <EmptyState title={q ? `No merchant matches “${q}”` : "No merchants yet"}>{q ? "Try part of the name or domain, or a full merchant id." : "Create one with `npm run cli -- merchant:create --name …`."}</EmptyState>
      ) : (
        <Table caption="Merchants">
          <THead>
            <Th>Name</Th>
            <Th>Merchant ID</Th>
            <Th>Domain</Th>
            <Th>Status</Th>
            <Th>Created</Th>
            <Th>Back office</Th>
          </THead>
          <TBody>
            {page.rows.map((m) => (
              <tr key={m.id}>
                <Td>
                  <Link href={`/backoffice/merchants/${m.id}`} className="font-medium text-brand-600 underline dark:text-sky-300">
                    {m.name}
                  </Link>
                </Td>
                <Td className="font-mono text-xs">{m.id}</Td>
                <Td>{m.domain}</Td>
                <Td>{m.isActive ? <Badge tone="success">Active</Badge> : <Badge tone="danger">Deactivated</Badge>}</Td>
                <Td>
                  <DateTime value={m.createdAt} />
                </Td>
                <Td>
                  <Link href={`/backoffice/${m.id}/overview`} className="text-sm underline">
                    Open<span className="sr-only"> {m.name}</span>
                  </Link>
                </Td>
              </tr>
            ))}
          </TBody>
        </Table>
      )}
      <Pager label="Merchant pages" nextCursor={page.nextCursor} isFirstPage={!cursor} hrefForCursor={href} />
    </>
  );
}
