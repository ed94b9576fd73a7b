import { db } from "@/lib/db";
import type { Environment } from "@/lib/generated/prisma/enums";

export interface Balance {
  currency: string;
  available: number;
  reserved: number;
}

/** Balances per currency (SPEC §6): the cached account balances, kept equal to the entry sums. */
export async function getBalances({ merchantId, environment }: { merchantId: string; environment: Environment }): Promise<Balance[]> {
  const accounts = await db.ledgerAccount.findMany({
    where: { merchantId, environment, type: { in: ["available", "reserved"] } },
    select: { currency: true, type: true, balance: true },
    orderBy: { currency: "asc" },
  });
  const byCurrency = new Map<string, Balance>();
  for (const a of accounts) {
    const b = byCurrency.get(a.currency) ?? { currency: a.currency, available: 0, reserved: 0 };
    b[a.type as "available" | "reserved"] = Number(a.balance);
    byCurrency.set(a.currency, b);
  }
  return [...byCurrency.values()];
}

export async function getBalance(opts: { merchantId: string; environment: Environment; currency: string }): Promise<Balance> {
  const all = await getBalances(opts);
  return all.find((b) => b.currency === opts.currency) ?? { currency: opts.currency, available: 0, reserved: 0 };
}
