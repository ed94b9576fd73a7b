import type { Metadata } from "next";
import { AuditLogView } from "@/components/backoffice/audit-log-view";
import { PageHeader } from "@/components/ui/section";
import { listAuditLog } from "@/lib/backoffice/audit/list-audit-log";
import { firstParam, type SearchParams } from "@/lib/backoffice/search-params";
import { requireOperatorPage } from "@/app/backoffice/_server/session";

export const metadata: Metadata = { title: "Audit log (platform)" };

export default async function PlatformAuditLogPage({ searchParams }: { searchParams: SearchParams }) {
  const actor = await requireOperatorPage();
  const sp = await searchParams;
  const action = firstParam(sp.action) ?? "";
  const cursor = firstParam(sp.cursor);
  const page = await listAuditLog({ scope: { platform: actor }, action, cursor });
  return (
    <>
      <PageHeader title="Audit log" description="Every merchant’s entries and the platform’s own (operator sign-ins, failed sign-ins for unknown addresses), newest first." />
      <AuditLogView page={page} action={action} cursor={cursor} basePath="/backoffice/audit-log" showMerchant />
    </>
  );
}
