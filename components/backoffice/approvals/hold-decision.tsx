"use client";
// One held transaction's approvals so far and the decision form, together:
// the badge answers the decision the person just made ("1 of 1 approval —
// approved", "Rejected") instead of the count the page was rendered with.
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import type { DecisionResult } from "@/lib/backoffice/approvals/decide-hold";
import { DecisionForm, type DecisionFormProps } from "./decision-form";

export interface HoldDecisionProps {
  /** What the card says about the transaction (server-rendered). */
  details: React.ReactNode;
  requiredApprovals: number;
  /** E-mails of the people who approved so far. */
  approvedBy: string[];
  /** This person already gave one of them. */
  mine: boolean;
  form: Omit<DecisionFormProps, "onDecided">;
}

function ApprovalBadge({ approvals, required, outcome }: { approvals: number; required: number; outcome: DecisionResult["outcome"] | null }) {
  if (outcome === "rejected") return <Badge tone="danger">Rejected</Badge>;
  const count = `${approvals} of ${required} approval${required === 1 ? "" : "s"}`;
  if (outcome === "approved") return <Badge tone="success">{`${count} — approved`}</Badge>;
  return <Badge tone={approvals > 0 ? "info" : "warning"}>{count}</Badge>;
}

export function HoldDecision({ details, requiredApprovals, approvedBy, mine, form }: HoldDecisionProps) {
  const [decided, setDecided] = useState<DecisionResult | null>(null);
  return (
    <div className="grid gap-4 lg:grid-cols-[1fr_minmax(18rem,26rem)]">
      <div className="space-y-2">
        {details}
        <p className="text-sm">
          <ApprovalBadge approvals={decided?.approvals ?? approvedBy.length} required={decided?.requiredApprovals ?? requiredApprovals} outcome={decided?.outcome ?? null} />
          {approvedBy.length > 0 ? <span className="ml-2 text-slate-700 dark:text-slate-300">by {approvedBy.join(", ")}</span> : null}
        </p>
      </div>
      <div>{mine ? <p className="text-sm text-slate-700 dark:text-slate-300">You approved this; a different person must give the next approval.</p> : <DecisionForm {...form} onDecided={setDecided} />}</div>
    </div>
  );
}
