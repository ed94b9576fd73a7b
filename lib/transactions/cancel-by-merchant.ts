// POST /v1/transactions/{id}/cancel (SPEC §4, §5, §17): a merchant may cancel
// a SALE still awaiting its customer (PROCESSING or CREATED with a hosted
// checkout), void an AUTHORIZE not yet captured (PROCESSING, its hold placed
// or not; the provider releases the hold, no money moves), or cancel a PAYOUT
// held for approval (WAIT_APPROVE, whose reserve then returns to available).
// Everything else is refused with the reason. The status move itself is the
// conditional update of cancelTransaction(), so a customer paying (or a
// capture) at the same moment and this cancel cannot both win.
import { invalid } from "@/lib/errors";
import type { Transaction } from "@/lib/generated/prisma/client";
import type { Environment, TransactionStatus } from "@/lib/generated/prisma/enums";
import { cancelTransaction } from "./finish-transaction";
import { getTransaction } from "./get-transaction";
import { releaseHold } from "./provider-result";
import type { Actor } from "@/lib/audit/actor";

export interface CancelByMerchantOptions {
  merchantId: string;
  environment: Environment;
  id: string;
  actor: Actor;
}

export async function cancelByMerchant({ merchantId, environment, id, actor }: CancelByMerchantOptions): Promise<Transaction> {
  const t = await getTransaction({ merchantId, environment, id });
  const onlyFrom = cancellableFrom(t);
  if (!onlyFrom) {
    throw invalid(
      t.action === "AUTHORIZE"
        ? `This AUTHORIZE is ${t.status} and cannot be voided: only an authorization not yet captured (PROCESSING) can be`
        : `This ${t.action} is ${t.status} and cannot be canceled: only a SALE still awaiting the customer (PROCESSING with a checkout), an AUTHORIZE not yet captured (PROCESSING) or a PAYOUT held for approval (WAIT_APPROVE) can be`,
    );
  }
  const canceled = await cancelTransaction({ id: t.id, actor, reason: t.action === "AUTHORIZE" ? "Voided by the merchant" : "Canceled by the merchant", onlyFrom });
  if (canceled.action === "AUTHORIZE" && canceled.authorizedAt) await releaseHold(canceled);
  return canceled;
}

/** The statuses a merchant may cancel this transaction from, or null (also read by the back office to offer the button). */
export function cancellableFrom(t: Pick<Transaction, "action" | "status" | "checkoutTokenHash">): TransactionStatus[] | null {
  if (t.action === "SALE" && t.checkoutTokenHash && (t.status === "PROCESSING" || t.status === "CREATED")) return ["PROCESSING", "CREATED"];
  if (t.action === "AUTHORIZE" && (t.status === "PROCESSING" || t.status === "CREATED")) return ["PROCESSING", "CREATED"];
  if (t.action === "PAYOUT" && t.status === "WAIT_APPROVE") return ["WAIT_APPROVE"];
  return null;
}
