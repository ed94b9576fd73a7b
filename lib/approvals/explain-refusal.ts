// A decision whose conditional write was refused, told as the approver needs
// to hear it: reload (the transaction changed but is still held), someone else
// decided first, or they already decided themselves.
import { db, Prisma } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { TransitionRefusedError } from "@/lib/transactions/transition";
import { notHeldError, StaleDecisionError } from "./load-held-transaction";

export async function explainRefusal(transactionId: string, err: unknown): Promise<never> {
  if (err instanceof TransitionRefusedError || err instanceof StaleDecisionError) {
    const now = await db.transaction.findUnique({ where: { id: transactionId }, select: { status: true, updatedAt: true } });
    if (now?.status === "WAIT_APPROVE") throw new StaleDecisionError();
    throw notHeldError(now?.status ?? "gone");
  }
  if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === "P2002") {
    throw new AppError("invalid_request", "You have already decided on this transaction; a different approver is needed");
  }
  throw err;
}

