import type { Metadata } from "next";
import Link from "next/link";
import { ApprovalQueue } from "@/components/backoffice/approvals/approval-queue";
import { OthersHolds } from "@/components/backoffice/approvals/held-summary";
import { countHeldTransactions } from "@/lib/backoffice/approvals/count-held";
import { NoAccess } from "@/components/backoffice/no-access";
import { Pager } from "@/components/ui/pager";
import { PageHeader } from "@/components/ui/section";
import { listApprovalQueue } from "@/lib/backoffice/approvals/list-approval-queue";
import type { Role } from "@/lib/backoffice/authz";
import { getEnvironmentPreference } from "@/app/backoffice/_server/environment-preference";
import { firstParam, type SearchParams } from "@/lib/backoffice/search-params";
import { requirePagePermission } from "@/app/backoffice/_server/session";
import { decideHoldAction } from "./actions";

export const metadata: Metadata = { title: "Approvals" };

function whoDecides(roles: Role[]): string {
  const operator = roles.includes("OPERATOR");
  const member = roles.some((r) => r === "OWNER" || r === "ADMIN");
  if (operator && member) return "You see the screening holds (as a platform operator) and the holds from the merchant’s own rules (as a member).";
  if (operator) return "As a platform operator you decide the screening holds; the merchant’s admins decide holds from its own rules.";
  return "You decide the holds that come from this merchant’s own rules; platform operators decide screening holds.";
}

export default async function ApprovalsPage({ params, searchParams }: { params: Promise<{ merchantId: string }>; searchParams: SearchParams }) {
  const { merchantId } = await params;
  const cursor = firstParam((await searchParams).cursor);
  const access = await requirePagePermission(merchantId, "approvals.decide");
  if (!access) return <NoAccess page="Approvals" roles="owners, admins and platform operators" />;
  const environment = await getEnvironmentPreference(access.actor);
  const [queue, held] = await Promise.all([listApprovalQueue({ scope: { merchant: access }, environment, cursor }), countHeldTransactions({ access, environment })]);
  const operator = access.actor.isOperator;
  const basePath = `/backoffice/${merchantId}/approvals`;
  return (
    <>
      <PageHeader
        title="Approvals"
        description={`Transactions of ${access.merchant.name} held by risk screening in ${environment}, oldest first. ${whoDecides(access.roles)} Each decision needs a reason and is recorded in the audit log.`}
        actions={
          operator ? (
            <Link href="/backoffice/approvals" className="text-sm underline">
              All merchants’ screening holds
            </Link>
          ) : undefined
        }
      />
      {held.others.length > 0 ? (
        <div className="mb-4 text-sm">
          <OthersHolds counts={held} heldHref={`/backoffice/${merchantId}/transactions?status=WAIT_APPROVE`} />
        </div>
      ) : null}
      <ApprovalQueue rows={queue.rows} actor={access.actor} environment={environment} showMerchant={false} decide={decideHoldAction} />
      <Pager label="Approval queue pages" nextCursor={queue.nextCursor} isFirstPage={!cursor} hrefForCursor={(c) => (c ? `${basePath}?cursor=${encodeURIComponent(c)}` : basePath)} firstLabel="Oldest" nextLabel="Newer" />
    </>
  );
}
