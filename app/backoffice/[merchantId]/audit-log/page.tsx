import type { Metadata } from "next";
import Link from "next/link";
import { AuditLogView } from "@/components/backoffice/audit-log-view";
import { NoAccess } from "@/components/backoffice/no-access";
import { PageHeader } from "@/components/ui/section";
import { listAuditLog } from "@/lib/backoffice/audit/list-audit-log";
import { firstParam, type SearchParams } from "@/lib/backoffice/search-params";
import { requirePagePermission } from "@/app/backoffice/_server/session";

export const metadata: Metadata = { title: "Audit log" };

export default async function MerchantAuditLogPage({ params, searchParams }: { params: Promise<{ merchantId: string }>; searchParams: SearchParams }) {
  const { merchantId } = await params;
  const sp = await searchParams;
  const action = firstParam(sp.action) ?? "";
  const cursor = firstParam(sp.cursor);
  const access = await requirePagePermission(merchantId, "audit.view");
  if (!access) return <NoAccess page="Audit log" roles="owners, admins and platform operators" />;
  const page = await listAuditLog({ scope: { merchant: access }, action, cursor });
  return (
    <>
      <PageHeader
        title="Audit log"
        description={`Who did what, and when, in ${access.merchant.name}: sign-ins of its team, key and webhook changes, settings and team changes, in both environments.`}
        actions={
          access.actor.isOperator ? (
            <Link href="/backoffice/audit-log" className="text-sm underline">
              Whole platform’s log
            </Link>
          ) : undefined
        }
      />
      <AuditLogView page={page} action={action} cursor={cursor} basePath={`/backoffice/${merchantId}/audit-log`} showMerchant={false} />
    </>
  );
}
