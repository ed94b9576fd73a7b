// Sandbox test funds (`balance:credit`, POST /v1/sandbox/balance): a journal
// from the sandbox provider's account into the merchant's available balance,
// so the ledger still balances. Production balances only move with real money.
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import type { Environment } from "@/lib/generated/prisma/enums";
import { getBalance, type Balance } from "./get-balances";
import { postJournal } from "./post-journal";

export async function creditTestFunds({ merchantId, environment, currency, amount }: { merchantId: string; environment: Environment; currency: string; amount: bigint }): Promise<Balance> {
  if (environment !== "sandbox") throw new AppError("invalid_request", "Test funds can only be added in sandbox");
  if (amount <= 0n) throw new AppError("invalid_request", "amount must be an integer >= 1", { param: "amount" });
  await db.$transaction((tx) =>
    postJournal({
      tx,
      environment,
      currency,
      kind: "test_funds",
      legs: [
        { account: { type: "provider", provider: "sandbox" }, amount: -amount },
        { account: { type: "available", merchantId }, amount },
      ],
    }),
  );
  return getBalance({ merchantId, environment, currency });
}
