import type { Metadata } from "next";
import { ActionForm } from "@/components/backoffice/action-form";
import { ReportUploadForm } from "@/components/backoffice/bank-files/report-upload-form";
import { Badge } from "@/components/ui/badge";
import { buttonClass } from "@/components/ui/button";
import { DateTime } from "@/components/ui/date-time";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader, Section } from "@/components/ui/section";
import { Table, TBody, Td, Th, THead } from "@/components/ui/table";
import { getBankFilesPage } from "@/lib/backoffice/bank-files/bank-files-page";
import { formatMoney } from "@/lib/schema/currencies";
import { requireOperatorPage } from "@/app/backoffice/_server/session";
import { exportBankFilesAction, importBankReportAction } from "./actions";

export const metadata: Metadata = { title: "Bank files" };
export const dynamic = "force-dynamic";

/** Payouts → Bank files (SPEC §21): the operator's daily exchange of ISO 20022 files with the platform's bank. */
export default async function BankFilesPage() {
  const actor = await requireOperatorPage();
  const { accounts, pending, files, imports, overdue } = await getBankFilesPage({ actor });
  return (
    <>
      <PageHeader
        title="Bank files"
        description="Payouts → Bank files. Bank transfer payouts routed to a bank_file connector are paid from the platform's bank account: export the pain.001 after each cut-off, hand it to the bank, then import the bank's pain.002 or camt.054."
      />
      {overdue.length > 0 ? (
        <Section id="overdue" title="Overdue: no report after 5 business days" actions={<Badge tone="danger">{overdue.length} overdue</Badge>} description="The bank has said nothing about these payouts 5 business days after their file was exported. They stay PROCESSING: ask the bank, then import its report.">
          <Table caption="Overdue bank payouts">
            <THead>
              <Th>Payout</Th>
              <Th>Amount</Th>
              <Th>File</Th>
              <Th>Exported</Th>
              <Th>Report due</Th>
            </THead>
            <TBody>
              {overdue.map((o) => (
                <tr key={o.transactionId}>
                  <Td className="font-mono text-xs">{o.transactionId}</Td>
                  <Td>{formatMoney(o.amount, o.currency)}</Td>
                  <Td className="font-mono text-xs">{o.fileName}</Td>
                  <Td><DateTime value={o.exportedAt} /></Td>
                  <Td><DateTime value={o.dueAt} /></Td>
                </tr>
              ))}
            </TBody>
          </Table>
        </Section>
      ) : null}

      <Section id="pending" title="Pending" description="Payouts waiting for the next file of their account. A file closes at the account's daily cut-off (UTC).">
        {accounts.length === 0 ? (
          <EmptyState title="No bank account yet">Add a bank_file connector (connector:add --provider bank_file) with the debtor account and its cut-off, and route merchants&apos; bank_transfer payouts to it.</EmptyState>
        ) : (
          <ul className="mb-4 space-y-1 text-sm" aria-label="Bank accounts">
            {accounts.map((a) => (
              <li key={a.connectorId}>
                <span className="font-medium">{a.name}</span> ({a.environment}) — {a.debtorName}, IBAN …{a.ibanLast4}, cut-off {a.cutOffTime} UTC, next <DateTime value={a.nextCutOff} />
                {a.enabled ? null : <> <Badge tone="warning">disabled</Badge></>}
              </li>
            ))}
          </ul>
        )}
        {pending.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">No payout is waiting for a file.</p>
        ) : (
          <Table caption="Payouts waiting for a file">
            <THead>
              <Th>Payout</Th>
              <Th>Order</Th>
              <Th>Amount</Th>
              <Th>Account</Th>
              <Th>Sent</Th>
              <Th>In the file of</Th>
            </THead>
            <TBody>
              {pending.map((p) => (
                <tr key={p.transactionId}>
                  <Td className="font-mono text-xs">{p.transactionId}</Td>
                  <Td>{p.orderId}</Td>
                  <Td>{formatMoney(p.amount, p.currency)}</Td>
                  <Td>{p.connectorName}</Td>
                  <Td><DateTime value={p.sentAt} /></Td>
                  <Td>
                    <DateTime value={p.fileAt} /> {p.due ? <Badge tone="info">due now</Badge> : null}
                  </Td>
                </tr>
              ))}
            </TBody>
          </Table>
        )}
        <div className="mt-4">
          <ActionForm action={exportBankFilesAction} submitLabel="Export due files" pendingLabel="Exporting…" label="Export due bank files" />
        </div>
      </Section>

      <Section id="exported" title="Exported and settled" description="Each file is written once; downloading it again gives the same file. A file is settled when the bank has reported every payout in it.">
        {files.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">No file exported yet.</p>
        ) : (
          <Table caption="Exported bank files">
            <THead>
              <Th>File</Th>
              <Th>Account</Th>
              <Th>Cut-off</Th>
              <Th>Payouts</Th>
              <Th>Total</Th>
              <Th>Status</Th>
              <Th>Download</Th>
            </THead>
            <TBody>
              {files.map((f) => (
                <tr key={f.id}>
                  <Td className="font-mono text-xs">{f.fileName}</Td>
                  <Td>{f.connectorName}</Td>
                  <Td><DateTime value={f.cutOffAt} /></Td>
                  <Td>{f.nbOfTxs}</Td>
                  <Td>{formatMoney(f.ctrlSum, f.currency)}</Td>
                  <Td>
                    {f.open === 0 ? <Badge tone="success">settled</Badge> : <Badge tone="info">exported</Badge>} {f.settled} paid, {f.declined} declined, {f.open} open
                  </Td>
                  <Td>
                    <a href={`/backoffice/bank-files/${f.id}`} download={f.fileName} className={buttonClass("secondary", "sm")} aria-label={`Download ${f.fileName}`}>
                      Download
                    </a>
                  </Td>
                </tr>
              ))}
            </TBody>
          </Table>
        )}
      </Section>

      <Section id="import" title="Import a bank report" description="The bank's pain.002 status report or camt.054 notification. Each payout is settled once: a file imported again, a payout already settled or one no file holds is skipped, and the result says why.">
        <ReportUploadForm action={importBankReportAction} />
        {imports.length > 0 ? (
          <div className="mt-6">
            <Table caption="Imported bank reports" captionVisible>
              <THead>
                <Th>File</Th>
                <Th>Message</Th>
                <Th>Imported</Th>
                <Th>Settled</Th>
                <Th>Declined</Th>
                <Th>Waiting</Th>
                <Th>Skipped</Th>
              </THead>
              <TBody>
                {imports.map((i) => (
                  <tr key={i.importId}>
                    <Td className="font-mono text-xs">{i.fileName}</Td>
                    <Td>
                      {i.message} {i.messageId}
                    </Td>
                    <Td><DateTime value={i.importedAt} /></Td>
                    <Td>{i.settled.length}</Td>
                    <Td>{i.declined.map((d) => `${d.transactionId} ${d.reasonCode ?? ""}`).join(", ") || 0}</Td>
                    <Td>{i.waiting.length}</Td>
                    <Td>{i.skipped.map((s) => `${s.endToEndId}: ${s.reason}`).join("; ") || 0}</Td>
                  </tr>
                ))}
              </TBody>
            </Table>
          </div>
        ) : null}
      </Section>
    </>
  );
}
