// "N waiting for your approval", and who decides the rest (SPEC §7): the
// overview and the Approvals page count only what this person's queue shows,
// and name the deciders of the other holds instead of leaving them to guess.
import Link from "next/link";
import { Alert } from "@/components/ui/alert";
import type { HeldCounts } from "@/lib/backoffice/approvals/count-held";
import type { HoldOrigin } from "@/lib/risk/hold-reason";

const transactions = (n: number) => `${n} transaction${n === 1 ? "" : "s"}`;

const DECIDER: Record<HoldOrigin, (n: number) => string> = {
  screening: (n) => `${transactions(n)} held by platform screening ${n === 1 ? "waits" : "wait"} for a platform operator.`,
  merchant_rule: (n) => `${transactions(n)} held by the merchant’s own rules ${n === 1 ? "waits" : "wait"} for one of its admins or owners.`,
};

/** The lines about holds someone else decides, or null. */
export function OthersHolds({ counts, heldHref }: { counts: HeldCounts; heldHref: string }) {
  if (counts.others.length === 0) return null;
  return (
    <p>
      {counts.others.map((o) => DECIDER[o.origin](o.count)).join(" ")}{" "}
      <Link href={heldHref} className="underline">
        See every held transaction
      </Link>
    </p>
  );
}

/** The overview's notice: the person's own queue first, then who decides the rest. */
export function HeldSummary({ counts, approvalsHref, heldHref }: { counts: HeldCounts; approvalsHref: string; heldHref: string }) {
  if (counts.yours > 0) {
    return (
      <Alert tone="warning" title={`${transactions(counts.yours)} waiting for your approval`}>
        <p>
          <Link href={approvalsHref} className="underline">
            Open the approval queue
          </Link>
        </p>
        <OthersHolds counts={counts} heldHref={heldHref} />
      </Alert>
    );
  }
  const others = counts.others.reduce((n, o) => n + o.count, 0);
  if (others === 0) return null;
  return (
    <Alert tone="info" title={`${transactions(others)} held for review, none of them yours to decide`}>
      <OthersHolds counts={counts} heldHref={heldHref} />
    </Alert>
  );
}
