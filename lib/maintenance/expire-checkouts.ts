// Checkouts not completed by expiresAt → EXPIRED (SPEC §4, §17), as a sweep
// rather than one timer per sale: it expires everything overdue, so it is
// just as correct after the worker was down for an hour as when it runs every
// few seconds. Each one expires through lib/transactions/expire-checkout.ts
// (the same function the customer's view uses). Batches keep each query small
// after a long outage.
import { db } from "@/lib/db";
import type { Transaction } from "@/lib/generated/prisma/client";
import { expireCheckout } from "@/lib/transactions/expire-checkout";

const BATCH = 200;

export async function expireCheckouts({ now = new Date(), batchSize = BATCH }: { now?: Date; batchSize?: number } = {}): Promise<{ expired: number }> {
  let expired = 0;
  let after: { expiresAt: Date; id: string } | null = null;
  for (;;) {
    const rows: Transaction[] = await db.transaction.findMany({
      where: {
        action: { in: ["SALE", "AUTHORIZE"] },
        status: { in: ["CREATED", "PROCESSING"] },
        authorizedAt: null,
        expiresAt: { lte: now },
        ...(after ? { OR: [{ expiresAt: { gt: after.expiresAt } }, { expiresAt: after.expiresAt, id: { gt: after.id } }] } : {}),
      },
      orderBy: [{ expiresAt: "asc" }, { id: "asc" }],
      take: batchSize,
    });
    for (const row of rows) if ((await expireCheckout(row)) === "expired") expired++;
    if (rows.length < batchSize) return { expired };
    const last = rows[rows.length - 1]!;
    after = { expiresAt: last.expiresAt!, id: last.id };
  }
}
