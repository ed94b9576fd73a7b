// orderId is unique per merchant, environment and action (SPEC §5). The
// unique index on (merchantId, environment, action, orderKey) is what makes
// it hold under concurrent requests; its violation becomes the seed-style
// 400 `Duplicate orderId`. (An idempotent replay never gets here: the API
// wrapper answers it with the stored response first.)
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { Prisma } from "@/lib/generated/prisma/client";
import type { Environment, TransactionAction } from "@/lib/generated/prisma/enums";

export class DuplicateOrderIdError extends AppError {
  constructor() {
    super("invalid_request", "Duplicate orderId", { param: "orderId" });
  }
}

/** The index behind the rule, as PostgreSQL names it in a unique violation. */
const ORDER_KEY_INDEX = "Transaction_merchantId_environment_action_orderKey_key";

/**
 * True for a violation of the orderKey unique index (reported by the pg driver adapter in meta.driverAdapterError):
 * P2002 from a model query, P2010 from raw SQL (a new transaction's one statement, insert-new-transaction.ts).
 */
function isDuplicateOrderKey(error: unknown): boolean {
  if (!(error instanceof Prisma.PrismaClientKnownRequestError) || (error.code !== "P2002" && error.code !== "P2010")) return false;
  return JSON.stringify(error.meta ?? {}).includes(ORDER_KEY_INDEX);
}

/** Runs a write that inserts a transaction, turning the orderKey violation into `Duplicate orderId`. */
export async function withOrderIdGuard<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isDuplicateOrderKey(error)) throw new DuplicateOrderIdError();
    throw error;
  }
}

/** Early check for the direct card sale, so a repeated orderId is refused before the card is charged. */
export async function assertOrderIdUnused({ merchantId, environment, action, orderId }: { merchantId: string; environment: Environment; action: TransactionAction; orderId: string }): Promise<void> {
  const existing = await db.transaction.findUnique({
    where: { merchantId_environment_action_orderKey: { merchantId, environment, action, orderKey: orderId } },
    select: { id: true },
  });
  if (existing) throw new DuplicateOrderIdError();
}
