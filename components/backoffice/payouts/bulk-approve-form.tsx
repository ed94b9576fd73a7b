"use client";
// Payout review's table with bulk approve (SPEC §13). Each checkbox carries
// the payout's id and the updatedAt this page showed, so every payout is
// approved on the data the reviewer saw; the outcome comes back per row
// (approved, 1 of 2 recorded, changed since, not allowed).
import Link from "next/link";
import { useRouter } from "next/navigation";
import { startTransition, useActionState } from "react";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { Table, TBody, Td, Th, THead } from "@/components/ui/table";
import { type ActionState, IDLE } from "@/lib/backoffice/action-state";
import type { BulkApproveRowResult } from "@/lib/backoffice/payouts/bulk-approve-payouts";
import { fieldError } from "../action-message";
import { HoldReason } from "../approvals/hold-reason";

export interface PayoutReviewItem {
  id: string;
  orderId: string;
  href: string;
  created: string;
  createdIso: string;
  age: string;
  amount: string;
  held: boolean;
  method: string;
  buyerId: string;
  holdReason: string | null;
  approvals: string | null;
  /** `<id>|<updatedAt>` when this person may approve it now; null otherwise. */
  selection: string | null;
  /** Why it cannot be selected, for held payouts this person may not approve. */
  note: string | null;
}

type Result = ActionState<BulkApproveRowResult[]>;

export interface BulkApproveFormProps {
  action: (prev: Result, formData: FormData) => Promise<Result>;
  merchantId: string;
  environment: string;
  items: PayoutReviewItem[];
  totpEnabled: boolean;
}

export function BulkApproveForm({ action, merchantId, environment, items, totpEnabled }: BulkApproveFormProps) {
  const router = useRouter();
  const [state, formAction, pending] = useActionState<Result, FormData>(action, IDLE);
  const outcome = new Map((state.status === "success" ? (state.data ?? []) : []).map((r) => [r.transactionId, r]));
  const selectable = items.some((i) => i.selection);
  return (
    <form
      aria-label="Bulk approve held payouts"
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        const data = new FormData(event.currentTarget);
        startTransition(() => formAction(data));
      }}
    >
      <input type="hidden" name="merchantId" value={merchantId} />
      <input type="hidden" name="environment" value={environment} />
      <Table caption="Payouts in flight and held">
        <THead>
          <Th>
            <span className="sr-only">Select</span>
          </Th>
          <Th>Created</Th>
          <Th>Age</Th>
          <Th>Order</Th>
          <Th className="text-right">Amount</Th>
          <Th>Status</Th>
          <Th>Method</Th>
          <Th>Buyer</Th>
          <Th>Hold</Th>
          {outcome.size > 0 ? <Th>Result</Th> : null}
        </THead>
        <TBody>
          {items.map((p) => {
            const r = outcome.get(p.id);
            return (
              <tr key={p.id}>
                <Td>
                  {p.selection ? (
                    <input type="checkbox" name="selected" value={p.selection} aria-label={`Select payout ${p.orderId}`} className="h-4 w-4" disabled={r?.ok} />
                  ) : null}
                </Td>
                <Td>
                  <time dateTime={p.createdIso} className="whitespace-nowrap">
                    {p.created}
                  </time>
                </Td>
                <Td className="whitespace-nowrap">{p.age}</Td>
                <Td className="min-w-[9rem] max-w-[14rem] [overflow-wrap:anywhere]">
                  <Link href={p.href} className="font-medium text-brand-700 underline-offset-2 hover:underline dark:text-sky-300">
                    {p.orderId}
                  </Link>
                </Td>
                <Td className="text-right tabular-nums">{p.amount}</Td>
                <Td className="whitespace-nowrap">{p.held ? <Badge tone="warning">Held for approval</Badge> : <Badge tone="info">In flight</Badge>}</Td>
                <Td>{p.method}</Td>
                <Td className="min-w-[6rem] max-w-[12rem] [overflow-wrap:anywhere]">{p.buyerId}</Td>
                <Td className="max-w-xs text-xs">
                  {p.holdReason ? <HoldReason value={p.holdReason} /> : "—"}
                  {p.approvals ? <div className="mt-1 font-medium">{p.approvals}</div> : null}
                  {p.note ? <div className="mt-1 text-slate-600 dark:text-slate-400">{p.note}</div> : null}
                </Td>
                {outcome.size > 0 ? (
                  <Td className="max-w-xs text-sm" aria-live="polite">
                    {r ? <span className={r.ok ? "text-green-800 dark:text-green-300" : "text-red-700 dark:text-red-400"}>{r.message}</span> : null}
                  </Td>
                ) : null}
              </tr>
            );
          })}
        </TBody>
      </Table>
      {selectable ? (
        <fieldset className="space-y-3 rounded-md border border-slate-300 p-4 dark:border-slate-600">
          <legend className="px-1 text-sm font-semibold">Approve the selected payouts</legend>
          <div className="flex flex-wrap items-start gap-3">
            <TextField id="bulk-reason" name="reason" label="Reason (required)" required maxLength={500} error={fieldError(state, "reason")} frameClassName="w-full max-w-md" />
            {totpEnabled ? <TextField id="bulk-code" name="code" label="Authentication code" inputMode="numeric" autoComplete="one-time-code" pattern="[0-9 ]{6,7}" required error={fieldError(state, "code")} frameClassName="w-44" /> : null}
          </div>
          {state.status === "error" && !fieldError(state, "reason") && !fieldError(state, "code") ? <Alert tone="error">{state.message}</Alert> : null}
          {state.status === "success" ? <Alert tone="success">{state.message}</Alert> : null}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={pending}>
              {pending ? "Approving…" : "Approve selected"}
            </Button>
            {state.status === "success" ? (
              <Button variant="secondary" onClick={() => router.refresh()}>
                Refresh the list
              </Button>
            ) : null}
          </div>
        </fieldset>
      ) : null}
    </form>
  );
}
