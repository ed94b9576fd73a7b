// Committed sales for the fault scenarios, written straight through the
// transition module 50 per database transaction (fast enough for 1,000), each
// with its `transaction.processing` event in the outbox, not yet relayed.
import { db } from "@/lib/db";
import { randomBase62 } from "@/lib/ids";
import { insertTransaction } from "@/lib/transactions/transition";

/** `count` PROCESSING sales of the merchant whose events go to `callbackUrl`; returns the event ids. */
export async function committedEvents({ merchantId, count, callbackUrl }: { merchantId: string; count: number; callbackUrl: string }): Promise<string[]> {
  const ids: string[] = [];
  for (let batch = 0; batch < count / 50; batch++) {
    const created = await db.$transaction(async (tx) => {
      const out: string[] = [];
      for (let i = 0; i < 50; i++) {
        const orderId = `order_${randomBase62(12)}`;
        const { eventId } = await insertTransaction(
          tx,
          { merchantId, environment: "sandbox", action: "SALE", status: "PROCESSING", amount: 100n, currency: "USD", orderId, orderKey: orderId, buyerId: "b", paymentMethod: "card", callbackUrl },
          { type: "api" },
        );
        out.push(eventId!);
      }
      return out;
    }, { timeout: 30_000 });
    ids.push(...created);
  }
  return ids;
}
