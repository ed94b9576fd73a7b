import type { Metadata } from "next";
import { ApprovalQueue } from "@/components/backoffice/approvals/approval-queue";
import { Pager } from "@/components/ui/pager";
import { PageHeader } from "@/components/ui/section";
import { listApprovalQueue } from "@/lib/backoffice/approvals/list-approval-queue";
import { getEnvironmentPreference } from "@/app/backoffice/_server/environment-preference";
import { firstParam, type SearchParams } from "@/lib/backoffice/search-params";
import { requireOperatorPage } from "@/app/backoffice/_server/session";
import { decideHoldAction } from "../../[merchantId]/approvals/actions";

export const metadata: Metadata = { title: "Approvals" };

/** Operators' queue: the screening holds of every merchant (SPEC §7: operators decide screening holds). */
export default async function PlatformApprovalsPage({ searchParams }: { searchParams: SearchParams }) {
  const actor = await requireOperatorPage();
  const cursor = firstParam((await searchParams).cursor);
  const environment = await getEnvironmentPreference(actor);
  const queue = await listApprovalQueue({ scope: { platform: actor }, environment, cursor });
  return (
    <>
      <PageHeader
        title="Approvals"
        description={`Held transactions of every merchant in ${environment} that you decide: screening holds (review threshold, the platform screening list), oldest first. Each decision needs a reason and your authentication code.`}
      />
      <ApprovalQueue rows={queue.rows} actor={actor} environment={environment} showMerchant decide={decideHoldAction} />
      <Pager label="Approval queue pages" nextCursor={queue.nextCursor} isFirstPage={!cursor} hrefForCursor={(c) => (c ? `/backoffice/approvals?cursor=${encodeURIComponent(c)}` : "/backoffice/approvals")} firstLabel="Oldest" nextLabel="Newer" />
    </>
  );
}
