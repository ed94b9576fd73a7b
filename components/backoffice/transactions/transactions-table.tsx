// The transaction rows shared by the Overview, the Transactions list and a
// customer's page. The order id links to the transaction: that is what a
// support agent is asked about.
import Link from "next/link";
import { DateTime } from "@/components/ui/date-time";
import { Table, TBody, Td, Th, THead } from "@/components/ui/table";
import type { TransactionRow } from "@/lib/backoffice/transactions/list-transactions-page";
import { Money } from "./money";
import { StatusBadge } from "./status-badge";

export function TransactionsTable({ rows, merchantId, caption }: { rows: TransactionRow[]; merchantId: string; caption: string }) {
  return (
    <Table caption={caption}>
      <THead>
        <Th>Created</Th>
        <Th>Order</Th>
        <Th>Type</Th>
        <Th>Status</Th>
        <Th className="text-right">Amount</Th>
        <Th>Method</Th>
        <Th>Buyer</Th>
        <Th>Transaction ID</Th>
      </THead>
      <TBody>
        {rows.map((t) => (
          <tr key={t.id} className="hover:bg-slate-50 dark:hover:bg-slate-800/50">
            <Td>
              <DateTime value={t.createdAt} />
            </Td>
            <Td className="min-w-[9rem] max-w-[16rem] [overflow-wrap:anywhere]">
              <Link href={`/backoffice/${merchantId}/transactions/${t.id}`} className="font-medium text-brand-700 underline-offset-2 hover:underline dark:text-sky-300">
                {t.orderId}
              </Link>
            </Td>
            <Td>{t.action}</Td>
            <Td className="whitespace-nowrap">
              <StatusBadge status={t.status} />
              {t.declineCode ? <div className="mt-1 font-mono text-xs text-slate-600 dark:text-slate-400">{t.declineCode}</div> : null}
            </Td>
            <Td className="text-right">
              <Money minor={t.amount} currency={t.currency} />
            </Td>
            <Td>{t.paymentMethod}</Td>
            <Td className="min-w-[6rem] max-w-[12rem] [overflow-wrap:anywhere]">{t.buyerId}</Td>
            <Td className="font-mono text-xs">{t.id}</Td>
          </tr>
        ))}
      </TBody>
    </Table>
  );
}
