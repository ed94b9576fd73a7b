// A live provider's dispute, as the provider reports it now (SPEC §21; see
// create-chargeback.ts for what a chargeback is): opened, it becomes the
// sale's CHARGEBACK, PROCESSING with the money debited; decided, the
// CHARGEBACK becomes SUCCESS (lost: the money stays with the cardholder) or
// DECLINED (won: the money is credited back). Applying the same state twice,
// or "won" before "opened", ends the same way: each step is conditional.
import { db } from "@/lib/db";
import type { Transaction } from "@/lib/generated/prisma/client";
import { postProviderFee } from "@/lib/ledger/postings";
import type { ProviderDispute } from "@/lib/providers/live-connector";
import type { Actor } from "@/lib/audit/actor";
import { AppError } from "@/lib/errors";
import { createChargeback } from "./create-chargeback";
import { declineTransaction, succeedTransaction } from "./finish-transaction";
import { isSettledPayment, takenAmount } from "./transaction-columns";
import { TransitionRefusedError } from "./transition";

export type DisputeApplied = "inquiry" | "not_settled" | "currency_mismatch" | "opened" | "won" | "lost" | "unchanged";

export async function applyDispute({ sale, dispute, actor }: { sale: Transaction; dispute: ProviderDispute; actor: Actor }): Promise<{ applied: DisputeApplied; chargeback?: Transaction }> {
  // An inquiry moves no money: nothing to record until it becomes a dispute.
  if (dispute.state === "inquiry") return { applied: "inquiry" };
  if (!isSettledPayment(sale)) return { applied: "not_settled" };
  if (dispute.currency !== sale.currency) return { applied: "currency_mismatch" };
  let opened = false;
  let chargeback = await db.transaction.findFirst({ where: { parentId: sale.id, action: "CHARGEBACK" } });
  if (!chargeback) {
    const amount = dispute.amount < takenAmount(sale) ? dispute.amount : takenAmount(sale);
    try {
      chargeback = await createChargeback({ sale, amount, actor, reason: `dispute ${dispute.providerRef} opened${dispute.reason ? ` (${dispute.reason})` : ""}`, dispute: { providerRef: dispute.providerRef, fees: dispute.fees } });
      opened = true;
    } catch (error) {
      // Another event of this dispute created it a moment ago.
      if (!(error instanceof AppError)) throw error;
      chargeback = await db.transaction.findFirstOrThrow({ where: { parentId: sale.id, action: "CHARGEBACK" } });
    }
  }
  if (dispute.state === "open" || chargeback.status !== "PROCESSING") return { applied: opened ? "opened" : "unchanged", chargeback };

  const booked = new Set(((chargeback.providerState ?? {}) as { feesBooked?: string[] }).feesBooked ?? []);
  const newFees = dispute.fees.filter((f) => !booked.has(f.reference));
  const inTransaction = async (tx: Parameters<typeof postProviderFee>[0], t: Transaction) => {
    for (const fee of newFees) await postProviderFee(tx, t, fee);
    await tx.transaction.update({ where: { id: t.id }, data: { providerState: { feesBooked: [...booked, ...newFees.map((f) => f.reference)] } } });
  };
  try {
    const decided =
      dispute.state === "won"
        ? await declineTransaction({ id: chargeback.id, actor, onlyFrom: ["PROCESSING"], code: "provider_rejected", message: "The dispute was decided for the merchant: the funds were returned.", reason: `dispute ${dispute.providerRef} won`, inTransaction })
        : await succeedTransaction({ id: chargeback.id, actor, onlyFrom: ["PROCESSING"], reason: `dispute ${dispute.providerRef} lost`, inTransaction });
    return { applied: dispute.state, chargeback: decided };
  } catch (error) {
    if (error instanceof TransitionRefusedError) return { applied: "unchanged", chargeback };
    throw error;
  }
}
