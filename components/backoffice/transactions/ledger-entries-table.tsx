// The ledger legs written for a transaction (SPEC §6): each journal sums to
// zero per currency, so the support agent sees where the money went.
import { DateTime } from "@/components/ui/date-time";
import { Table, TBody, Td, Th, THead } from "@/components/ui/table";
import type { TransactionDetail } from "@/lib/backoffice/transactions/get-transaction-detail";
import { Money } from "./money";

function accountName(a: TransactionDetail["ledgerEntries"][number]["account"]): string {
  switch (a.type) {
    case "available":
      return "Merchant available";
    case "reserved":
      return "Merchant reserved";
    case "fees":
      return "Merchant fees";
    case "provider":
      return `Provider (${a.provider ?? "unknown"})`;
    default: {
      const unknown: never = a.type;
      return String(unknown);
    }
  }
}

export function LedgerEntriesTable({ entries }: { entries: TransactionDetail["ledgerEntries"] }) {
  return (
    <Table caption="Ledger entries of this transaction">
      <THead>
        <Th>Time</Th>
        <Th>Posting</Th>
        <Th>Account</Th>
        <Th className="text-right">Amount</Th>
        <Th>Journal</Th>
      </THead>
      <TBody>
        {entries.map((e) => (
          <tr key={e.id}>
            <Td>
              <DateTime value={e.createdAt} />
            </Td>
            <Td className="font-mono text-xs">{e.kind}</Td>
            <Td>{accountName(e.account)}</Td>
            <Td className={`text-right ${e.amount < 0n ? "text-red-700 dark:text-red-400" : "text-green-800 dark:text-green-300"}`}>
              {e.amount < 0n ? "−" : "+"}
              <Money minor={e.amount < 0n ? -e.amount : e.amount} currency={e.currency} />
            </Td>
            <Td className="font-mono text-xs">{e.journalId}</Td>
          </tr>
        ))}
      </TBody>
    </Table>
  );
}
