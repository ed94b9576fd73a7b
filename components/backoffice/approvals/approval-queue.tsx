// The approval queue, shared by a merchant's Approvals page and the
// operators' platform-wide one: one card per held transaction with what a
// reviewer needs (amount, customer, why it is held, approvals so far) and
// the decision form, oldest first.
import Link from "next/link";
import { Money } from "@/components/backoffice/transactions/money";
import { DateTime } from "@/components/ui/date-time";
import { EmptyState } from "@/components/ui/empty-state";
import type { ActionState } from "@/lib/backoffice/action-state";
import type { DecisionResult } from "@/lib/backoffice/approvals/decide-hold";
import type { ApprovalQueueRow } from "@/lib/backoffice/approvals/list-approval-queue";
import type { StaffUser } from "@/lib/auth/staff-user";
import { HoldDecision } from "./hold-decision";
import { HoldReason } from "./hold-reason";

export interface ApprovalQueueProps {
  rows: ApprovalQueueRow[];
  actor: StaffUser;
  environment: string;
  showMerchant: boolean;
  decide: (prev: ActionState<DecisionResult>, formData: FormData) => Promise<ActionState<DecisionResult>>;
}

export function ApprovalQueue({ rows, actor, environment, showMerchant, decide }: ApprovalQueueProps) {
  if (rows.length === 0) {
    return <EmptyState title="Nothing is waiting for approval">Held payouts and sales appear here within seconds of being held by risk screening.</EmptyState>;
  }
  return (
    <ul className="space-y-4" aria-label="Held transactions, oldest first">
      {rows.map((t) => {
        const approved = t.approvals.filter((a) => a.decision === "approve");
        const mine = approved.some((a) => a.userId === actor.id);
        return (
          <li key={t.id} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900">
            <HoldDecision
              // A new updatedAt (after a refresh) is a new view of the hold: a fresh form and badge.
              key={t.updatedAt.toISOString()}
              requiredApprovals={t.requiredApprovals}
              approvedBy={approved.map((a) => a.user.email)}
              mine={mine}
              details={
                <>
                  <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
                    <h2 className="text-lg font-semibold">
                      <Money minor={t.amount} currency={t.currency} /> {t.action.toLowerCase()}
                    </h2>
                    <Link href={`/backoffice/${t.merchantId}/transactions/${t.id}`} className="break-all text-sm underline">
                      Order {t.orderId}
                    </Link>
                    {showMerchant ? <span className="text-sm text-slate-600 dark:text-slate-400">{t.merchant.name}</span> : null}
                  </div>
                  <p className="text-sm">
                    Buyer <span className="break-all font-medium">{t.buyerId}</span> · {t.paymentMethod} · created <DateTime value={t.createdAt} />
                  </p>
                  <p className="text-sm">
                    Held by <HoldReason value={t.holdReason} />
                  </p>
                </>
              }
              form={{
                action: decide,
                merchantId: t.merchantId,
                environment,
                transactionId: t.id,
                seenUpdatedAt: t.updatedAt.toISOString(),
                subject: `order ${t.orderId}`,
                totpEnabled: actor.totpEnabled,
              }}
            />
          </li>
        );
      })}
    </ul>
  );
}
