import type { Metadata } from "next";
import Link from "next/link";
import { NoAccess } from "@/components/backoffice/no-access";
import { BulkApproveForm, type PayoutReviewItem } from "@/components/backoffice/payouts/bulk-approve-form";
import { formatUtc } from "@/components/ui/date-time";
import { EmptyState } from "@/components/ui/empty-state";
import { Pager } from "@/components/ui/pager";
import { PageHeader } from "@/components/ui/section";
import { canDecideHold } from "@/lib/approvals/can-decide-hold";
import { getEnvironmentPreference } from "@/app/backoffice/_server/environment-preference";
import { listPayoutsInReview, PAYOUT_SORTS, PAYOUT_STATES, type PayoutReviewRow, type PayoutSort, type PayoutState } from "@/lib/backoffice/payouts/list-payouts-in-review";
import { firstParam, type SearchParams } from "@/lib/backoffice/search-params";
import { requirePagePermission } from "@/app/backoffice/_server/session";
import { formatMoney } from "@/lib/schema/currencies";
import { holdOrigin } from "@/lib/risk/hold-reason";
import { bulkApproveAction } from "./actions";

export const metadata: Metadata = { title: "Payout review" };

const STATE_LABELS: Record<PayoutState, string> = { all: "All", held: "Held", in_flight: "In flight" };

function age(from: Date, now: Date): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - from.getTime()) / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ${minutes % 60} min`;
  return `${Math.floor(hours / 24)} d ${hours % 24} h`;
}

export default async function PayoutReviewPage({ params, searchParams }: { params: Promise<{ merchantId: string }>; searchParams: SearchParams }) {
  const { merchantId } = await params;
  const sp = await searchParams;
  const access = await requirePagePermission(merchantId, "approvals.decide");
  if (!access) return <NoAccess page="Payout review" roles="owners, admins and platform operators" />;
  const environment = await getEnvironmentPreference(access.actor);
  const sortParam = firstParam(sp.sort);
  const stateParam = firstParam(sp.state);
  const sort: PayoutSort = sortParam && Object.hasOwn(PAYOUT_SORTS, sortParam) ? (sortParam as PayoutSort) : "oldest";
  const state: PayoutState = stateParam && Object.hasOwn(PAYOUT_STATES, stateParam) ? (stateParam as PayoutState) : "all";
  const cursor = firstParam(sp.cursor);
  const page = await listPayoutsInReview({ access, environment, sort, state, cursor });

  const basePath = `/backoffice/${merchantId}/payouts`;
  const href = (q: { sort?: PayoutSort; state?: PayoutState; cursor?: string | null }) => {
    const s = new URLSearchParams();
    const so = q.sort ?? sort;
    const st = q.state ?? state;
    if (so !== "oldest") s.set("sort", so);
    if (st !== "all") s.set("state", st);
    if (q.cursor) s.set("cursor", q.cursor);
    const str = s.toString();
    return str ? `${basePath}?${str}` : basePath;
  };
  const me = access.actor;
  const now = new Date();
  const item = (p: PayoutReviewRow): PayoutReviewItem => {
    const held = p.status === "WAIT_APPROVE";
    const mine = p.approvals.some((a) => a.userId === access.actor.id);
    const mayDecide = held && canDecideHold(me, p);
    return {
      id: p.id,
      orderId: p.orderId,
      href: `/backoffice/${merchantId}/transactions/${p.id}`,
      created: formatUtc(p.createdAt),
      createdIso: p.createdAt.toISOString(),
      age: age(p.createdAt, now),
      amount: formatMoney(p.amount, p.currency),
      held,
      method: p.paymentMethod,
      buyerId: p.buyerId,
      holdReason: p.holdReason,
      approvals: held ? `${p.approvals.length} of ${p.requiredApprovals} approvals${p.approvals.length > 0 ? ` (${p.approvals.map((a) => a.user.email).join(", ")})` : ""}` : null,
      selection: mayDecide && !mine ? `${p.id}|${p.updatedAt.toISOString()}` : null,
      note: !held ? null : mine ? "You approved it; a second person must approve." : mayDecide ? null : holdOrigin(p.holdReason) === "screening" ? "A platform operator decides this hold." : "An admin or owner of the merchant decides this hold.",
    };
  };
  const tab = (active: boolean) =>
    `rounded-md px-3 py-1.5 text-sm font-medium ${active ? "bg-slate-900 text-white dark:bg-white dark:text-slate-900" : "text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"}`;

  return (
    <>
      <PageHeader
        title="Payout review"
        description={`Payouts of ${access.merchant.name} in ${environment} on their way (in flight) or waiting for approval (held). Select held payouts to approve several at once; each is approved on the data shown here.`}
      />
      <div className="space-y-4">
        <div className="flex flex-wrap items-center gap-4">
          <nav aria-label="Show" className="flex items-center gap-1">
            <span aria-hidden="true" className="mr-1 text-sm text-slate-600 dark:text-slate-400">
              Show
            </span>
            {(Object.keys(PAYOUT_STATES) as PayoutState[]).map((s) => (
              <Link key={s} href={href({ state: s })} aria-current={s === state ? "page" : undefined} className={tab(s === state)}>
                {STATE_LABELS[s]}
              </Link>
            ))}
          </nav>
          <nav aria-label="Sort" className="flex items-center gap-1">
            <span aria-hidden="true" className="mr-1 text-sm text-slate-600 dark:text-slate-400">
              Sort
            </span>
            {(Object.keys(PAYOUT_SORTS) as PayoutSort[]).map((s) => (
              <Link key={s} href={href({ sort: s })} aria-current={s === sort ? "page" : undefined} className={tab(s === sort)}>
                {PAYOUT_SORTS[s].label}
              </Link>
            ))}
          </nav>
        </div>
        {page.rows.length === 0 ? (
          <EmptyState title={state === "held" ? "No payout is held" : "No payout is on its way"}>Payouts appear here from their creation until they succeed or are declined.</EmptyState>
        ) : (
          <BulkApproveForm action={bulkApproveAction} merchantId={merchantId} environment={environment} items={page.rows.map(item)} totpEnabled={access.actor.totpEnabled} />
        )}
        <Pager label="Payout pages" nextCursor={page.nextCursor} isFirstPage={!cursor} hrefForCursor={(c) => href({ cursor: c })} firstLabel="First page" nextLabel="Next page" />
      </div>
    </>
  );
}
