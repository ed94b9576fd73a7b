import { db } from "@/lib/db";
import type { Environment } from "@/lib/generated/prisma/enums";

export interface Balance {
  currency: string;
  available: number;
  reserved: number;
}

/**
 * Balances per currency (SPEC §6): each account's rolled-up balance plus its
 * entries not yet rolled up, in one statement and so one snapshot: exact and
 * read-your-writes whether or not the roll-up has run (lib/ledger/roll-up.ts).
 */
export async function getBalances({ merchantId, environment }: { merchantId: string; environment: Environment }): Promise<Balance[]> {
  const accounts = await db.$queryRaw<{ currency: string; type: "available" | "reserved"; balance: bigint }[]>`
    SELECT a.currency, a.type::text AS type,
      (a.balance + COALESCE((SELECT SUM(e.amount) FROM "LedgerEntry" e WHERE e."accountId" = a.id AND NOT e."rolledUp"), 0))::bigint AS balance
    FROM "LedgerAccount" a
    WHERE a."merchantId" = ${merchantId} AND a.environment = ${environment}::"Environment" AND a.type IN ('available', 'reserved')
    ORDER BY a.currency`;
  const byCurrency = new Map<string, Balance>();
  for (const a of accounts) {
    const b = byCurrency.get(a.currency) ?? { currency: a.currency, available: 0, reserved: 0 };
    b[a.type] = Number(a.balance);
    byCurrency.set(a.currency, b);
  }
  return [...byCurrency.values()];
}

export async function getBalance(opts: { merchantId: string; environment: Environment; currency: string }): Promise<Balance> {
  const all = await getBalances(opts);
  return all.find((b) => b.currency === opts.currency) ?? { currency: opts.currency, available: 0, reserved: 0 };
}
