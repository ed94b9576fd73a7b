// GET /v1/transactions/{id}/events: the status history (SPEC §4), oldest
// first — one row per transition, written with the transition itself.
import { db } from "@/lib/db";
import type { Environment } from "@/lib/generated/prisma/enums";
import { iso } from "@/lib/time";
import { getTransaction } from "./get-transaction";
import type { ZTransactionHistory } from "./schemas";
import type { z } from "zod";

export async function listTransactionHistory({ merchantId, environment, id }: { merchantId: string; environment: Environment; id: string }): Promise<z.infer<typeof ZTransactionHistory>> {
  const t = await getTransaction({ merchantId, environment, id });
  const rows = await db.transactionEvent.findMany({ where: { transactionId: t.id }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  return {
    data: rows.map((r) => ({
      id: r.id,
      fromStatus: r.fromStatus,
      toStatus: r.toStatus,
      actor: r.actorType,
      ...(r.reason ? { reason: r.reason } : {}),
      createdAt: iso(r.createdAt),
    })),
  };
}
