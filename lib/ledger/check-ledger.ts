// `ledger:check` (SPEC §6, §15): every journal sums to zero, every
// transaction's entries sum to zero per currency, and every account's stored
// (rolled-up) balance equals the sum of its rolled-up entries, so the balance
// a merchant sees (stored + unrolled entries) equals the sum of all its
// entries. Each query is one statement, so a roll-up running meanwhile is
// seen either wholly or not at all. Done in SQL so it scales with the ledger.
import { db } from "@/lib/db";

interface LedgerMismatch {
  kind: "journal" | "transaction" | "account" | "connector";
  id: string;
  detail: string;
}

export interface LedgerCheckResult {
  ok: boolean;
  transactions: number;
  mismatches: LedgerMismatch[];
}

export async function checkLedger(): Promise<LedgerCheckResult> {
  const journals = await db.$queryRaw<{ id: string; sum: bigint }[]>`
    SELECT "journalId" AS id, SUM(amount) AS sum FROM "LedgerEntry" GROUP BY "journalId", currency HAVING SUM(amount) <> 0`;
  const transactions = await db.$queryRaw<{ id: string; currency: string; sum: bigint }[]>`
    SELECT "transactionId" AS id, currency, SUM(amount) AS sum FROM "LedgerEntry"
    WHERE "transactionId" IS NOT NULL GROUP BY "transactionId", currency HAVING SUM(amount) <> 0`;
  const accounts = await db.$queryRaw<{ id: string; key: string; balance: bigint; sum: bigint }[]>`
    SELECT a.id, a.key, a.balance, COALESCE(SUM(e.amount) FILTER (WHERE e."rolledUp"), 0)::bigint AS sum
    FROM "LedgerAccount" a LEFT JOIN "LedgerEntry" e ON e."accountId" = a.id
    GROUP BY a.id HAVING a.balance <> COALESCE(SUM(e.amount) FILTER (WHERE e."rolledUp"), 0)`;
  // Per connector (SPEC §21): a transaction's money at a provider is booked to the account of the connector (or
  // simulator) that holds it, never another's, so each connector's accounts can be reconciled with its statements.
  const misbooked = await db.$queryRaw<{ id: string; key: string; holder: string }[]>`
    SELECT DISTINCT e."transactionId" AS id, a.key, COALESCE(t."connectorId", t.provider, 'sandbox') AS holder
    FROM "LedgerEntry" e JOIN "LedgerAccount" a ON a.id = e."accountId" JOIN "Transaction" t ON t.id = e."transactionId"
    WHERE a."merchantId" IS NULL AND a.provider IS DISTINCT FROM COALESCE(t."connectorId", t.provider, 'sandbox')`;
  const [{ count }] = await db.$queryRaw<{ count: bigint }[]>`
    SELECT COUNT(DISTINCT "transactionId") AS count FROM "LedgerEntry" WHERE "transactionId" IS NOT NULL`;
  const mismatches: LedgerMismatch[] = [
    ...journals.map((j) => ({ kind: "journal" as const, id: j.id, detail: `legs sum to ${j.sum}` })),
    ...transactions.map((t) => ({ kind: "transaction" as const, id: t.id, detail: `${t.currency} entries sum to ${t.sum}` })),
    ...accounts.map((a) => ({ kind: "account" as const, id: a.key, detail: `stored balance ${a.balance}, rolled-up entries sum to ${a.sum}` })),
    ...misbooked.map((m) => ({ kind: "connector" as const, id: m.id, detail: `booked to ${m.key}, but its money is held by ${m.holder}` })),
  ];
  return { ok: mismatches.length === 0, transactions: Number(count), mismatches };
}
