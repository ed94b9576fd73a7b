import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { ActionForm } from "@/components/backoffice/action-form";
import { DecisionForm } from "@/components/backoffice/approvals/decision-form";
import { HoldReason } from "@/components/backoffice/approvals/hold-reason";
import { NoAccess } from "@/components/backoffice/no-access";
import { Notice } from "@/components/backoffice/notice";
import { DetailList } from "@/components/backoffice/transactions/detail-list";
import { LedgerEntriesTable } from "@/components/backoffice/transactions/ledger-entries-table";
import { Money } from "@/components/backoffice/transactions/money";
import { StatusBadge } from "@/components/backoffice/transactions/status-badge";
import { StatusTimeline } from "@/components/backoffice/transactions/status-timeline";
import { WebhookEvents } from "@/components/backoffice/transactions/webhook-events";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { DateTime } from "@/components/ui/date-time";
import { EmptyState } from "@/components/ui/empty-state";
import { TextField } from "@/components/ui/field";
import { PageHeader, Section } from "@/components/ui/section";
import { Table, TBody, Td, Th, THead } from "@/components/ui/table";
import { canDecideHold } from "@/lib/approvals/can-decide-hold";
import { can, type MerchantAccess } from "@/lib/backoffice/authz";
import { getEnvironmentPreference } from "@/app/backoffice/_server/environment-preference";
import { firstParam, type SearchParams } from "@/lib/backoffice/search-params";
import { requirePagePermission } from "@/app/backoffice/_server/session";
import { findInOtherEnvironment, getTransactionDetail, type TransactionDetail } from "@/lib/backoffice/transactions/get-transaction-detail";
import { AppError } from "@/lib/errors";
import type { Environment } from "@/lib/generated/prisma/enums";
import { formatMoney, minorDigits } from "@/lib/schema/currencies";
import { cancellableFrom } from "@/lib/transactions/cancel-by-merchant";
import { captureRefusal } from "@/lib/transactions/capture-authorization";
import { isSettledPayment, takenAmount } from "@/lib/transactions/transaction-columns";
import { decideHoldAction } from "../../approvals/actions";
import { cancelAction, captureAction, refundAction, resendAction } from "../actions";

export const metadata: Metadata = { title: "Transaction" };

/** A payout's destination as sent (e-mail, wallet, bank account), account numbers shortened to their last 4. */
function destination(value: unknown): string | null {
  if (!value || typeof value !== "object" || Array.isArray(value)) return null;
  const parts = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => typeof v === "string" && v !== "")
    .map(([k, v]) => `${k}: ${/iban|account(Number)?$/i.test(k) ? `…${(v as string).slice(-4)}` : v}`);
  return parts.length > 0 ? parts.join(" · ") : null;
}

async function load(access: MerchantAccess, environment: Environment, id: string): Promise<TransactionDetail | { elsewhere: Environment }> {
  try {
    return await getTransactionDetail({ access, environment, id });
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== "not_found") throw error;
    const elsewhere = await findInOtherEnvironment({ access, environment, id });
    if (elsewhere) return { elsewhere };
    notFound();
  }
}

const NOTICES = {
  refunded: "Refund created. It is processing, and its amount has left the available balance; it is listed under Refunds and chargebacks.",
  canceled: "Transaction canceled.",
  captured: "Authorization captured. The captured amount is in the available balance; the rest of the hold was released.",
  voided: "Authorization voided. The hold on the customer's card was released; no money moved.",
};

/** "2 days 5 hours left" until a capture deadline, or that it has passed. */
function timeLeft(until: Date, now = Date.now()): string {
  const ms = until.getTime() - now;
  if (ms <= 0) return "the hold has lapsed";
  const hours = Math.floor(ms / 3_600_000);
  const [days, rest] = [Math.floor(hours / 24), hours % 24];
  const parts = days > 0 ? [`${days} day${days === 1 ? "" : "s"}`, `${rest} hour${rest === 1 ? "" : "s"}`] : hours > 0 ? [`${hours} hour${hours === 1 ? "" : "s"}`] : [`${Math.max(1, Math.floor(ms / 60_000))} min`];
  return `${parts.join(" ")} left`;
}

export default async function TransactionPage({ params, searchParams }: { params: Promise<{ merchantId: string; id: string }>; searchParams: SearchParams }) {
  const { merchantId, id } = await params;
  const notice = firstParam((await searchParams).notice);
  const access = await requirePagePermission(merchantId, "merchant.view");
  if (!access) return <NoAccess page="Transaction" roles="the merchant’s team" />;
  const environment = await getEnvironmentPreference(access.actor);
  const detail = await load(access, environment, id);
  if ("elsewhere" in detail) {
    return (
      <>
        <PageHeader title="Transaction" />
        <Alert tone="info" title={`This transaction is in ${detail.elsewhere}`}>
          You are looking at {environment}. Choose {detail.elsewhere === "production" ? "Production" : "Sandbox"} in the header to open it.
        </Alert>
      </>
    );
  }

  const { transaction: t, customer, history, approvals, ledgerEntries, events, parent, children, attempts } = detail;
  const base = `/backoffice/${merchantId}`;
  const refundable = isSettledPayment(t) ? takenAmount(t) - t.refundedAmount : 0n;
  const capturable = t.action === "AUTHORIZE" && captureRefusal(t) === null;
  const canManage = can(access, "transactions.manage");
  const canDecide = t.status === "WAIT_APPROVE" && can(access, "approvals.decide") && canDecideHold(access.actor, t);
  const alreadyApproved = approvals.some((a) => a.userId === access.actor.id && a.decision === "approve");
  const hidden = (
    <>
      <input type="hidden" name="merchantId" value={merchantId} />
      <input type="hidden" name="environment" value={environment} />
      <input type="hidden" name="transactionId" value={t.id} />
    </>
  );
  const card = t.cardLast4 ? `${t.cardBrand ?? "card"} •••• ${t.cardLast4}${t.cardExpMonth ? `, expires ${String(t.cardExpMonth).padStart(2, "0")}/${t.cardExpYear}` : ""}` : null;
  const link = (href: string | null | undefined) => (href ? <span className="break-all font-mono text-xs">{href}</span> : null);

  return (
    <>
      <PageHeader
        title={`${formatMoney(t.amount, t.currency)} ${t.action.toLowerCase()}`}
        description={`Order ${t.orderId} · ${t.id}`}
        actions={
          <Link href={`${base}/transactions`} className="text-sm underline">
            All transactions
          </Link>
        }
      />
      <Notice value={notice} messages={NOTICES} />
      <div className="space-y-6">
        <Section id="details" title="Details" actions={<StatusBadge status={t.status} />}>
          <DetailList
            items={[
              ["Status", <code key="s" className="font-mono">{t.status}</code>],
              ["Type", t.action],
              ["Amount", <Money key="a" minor={t.amount} currency={t.currency} />],
              ...(t.action === "AUTHORIZE"
                ? ([
                    ["Authorised", t.authorizedAt ? <Money key="au" minor={t.amount} currency={t.currency} /> : "Not yet: waiting for the customer"],
                    ["Captured", <Money key="ca" minor={t.capturedAmount} currency={t.currency} />],
                    [
                      "Capture before",
                      t.captureBefore && t.status === "PROCESSING" ? (
                        <span key="cb">
                          <DateTime value={t.captureBefore} /> ({timeLeft(t.captureBefore)})
                        </span>
                      ) : null,
                    ],
                  ] as [string, React.ReactNode][])
                : []),
              ...(t.action === "SALE" || t.action === "AUTHORIZE" ? ([["Refunded", <Money key="r" minor={t.refundedAmount} currency={t.currency} />]] as [string, React.ReactNode][]) : []),
              ["Order ID", <span key="o" className="break-all">{t.orderId}</span>],
              ["Transaction ID", <code key="i" className="font-mono text-xs">{t.id}</code>],
              ["Environment", t.environment],
              ["Created", <DateTime key="c" value={t.createdAt} />],
              ["Last updated", <DateTime key="u" value={t.updatedAt} />],
              ["Payment method", `${t.paymentMethod}${t.methodType && t.methodType !== t.paymentMethod ? ` (${t.methodType})` : ""}`],
              ["Card", card],
              ["Payout destination", destination(t.destination)],
              ["Provider", t.provider ? `${t.provider}${t.providerRef ? ` · ${t.providerRef}` : ""}` : null],
              ["Decline", t.declineCode ? `${t.declineCode}${t.declineMessage ? ` — ${t.declineMessage}` : ""}` : null],
              ["Checkout expires", t.expiresAt && (t.status === "PROCESSING" || t.status === "CREATED") ? <DateTime key="e" value={t.expiresAt} /> : null],
              ["Checkout attempts", t.action === "SALE" || t.action === "AUTHORIZE" ? String(t.checkoutAttempts) : null],
              ["Held by", t.holdReason ? <HoldReason key="h" value={t.holdReason} /> : null],
              ["Approvals needed", t.holdReason ? String(t.requiredApprovals) : null],
              ["Parent", parent ? <Link key="p" href={`${base}/transactions/${parent.id}`} className="underline">{`${parent.action} ${parent.orderId}`}</Link> : t.parentId],
              ["Callback URL", link(t.callbackUrl)],
              ["Success URL", link(t.successUrl)],
              ["Failure URL", link(t.failureUrl)],
              ["Return URL", link(t.returnUrl)],
              ["Locale", t.locale],
            ]}
          />
          {t.metadata !== null ? (
            <details className="mt-4">
              <summary className="cursor-pointer text-sm font-medium">Metadata</summary>
              <pre className="mt-2 overflow-x-auto rounded bg-slate-100 p-3 text-xs dark:bg-slate-800">{JSON.stringify(t.metadata, null, 2)}</pre>
            </details>
          ) : null}
        </Section>

        {t.status === "WAIT_APPROVE" ? (
          <Section
            id="decision"
            title="Waiting for approval"
            description={
              <>
                Held by <HoldReason value={t.holdReason} />.{" "}
                {t.requiredApprovals > 1 ? `Needs ${t.requiredApprovals} different approvers: ${approvals.filter((a) => a.decision === "approve").length} of ${t.requiredApprovals} so far.` : null}
              </>
            }
          >
            {approvals.length > 0 ? (
              <ul className="mb-4 space-y-1 text-sm" aria-label="Approvals so far">
                {approvals.map((a) => (
                  <li key={a.id}>
                    <Badge tone={a.decision === "approve" ? "success" : "danger"}>{a.decision === "approve" ? "Approved" : "Rejected"}</Badge> by {a.user.email}, <DateTime value={a.createdAt} /> — {a.reason}
                  </li>
                ))}
              </ul>
            ) : null}
            {canDecide && !alreadyApproved ? (
              <DecisionForm key={t.updatedAt.toISOString()} action={decideHoldAction} merchantId={merchantId} environment={environment} transactionId={t.id} seenUpdatedAt={t.updatedAt.toISOString()} subject={t.orderId} totpEnabled={access.actor.totpEnabled} refreshOnSuccess />
            ) : (
              <p className="text-sm text-slate-700 dark:text-slate-300">
                {alreadyApproved ? "You approved this transaction; a different person must give the next approval." : t.holdReason?.startsWith("screening:") ? "A platform operator decides this hold." : "An admin or owner of the merchant decides this hold."}
              </p>
            )}
          </Section>
        ) : null}

        {canManage && (refundable > 0n || capturable || cancellableFrom(t)) ? (
          <Section id="actions" title="Actions">
            <div className="grid gap-6 lg:grid-cols-2">
              {capturable ? (
                <ActionForm action={captureAction} submitLabel="Capture" pendingLabel="Capturing…" className="space-y-3" label="Capture">
                  {hidden}
                  <p className="text-sm">
                    Charges the customer up to the authorised <Money minor={t.amount} currency={t.currency} />, once; the rest of the hold is released. Leave the amount empty to capture all of it.
                  </p>
                  <TextField name="amount" id="capture-amount" label={`Amount to capture (${t.currency})`} inputMode="decimal" placeholder={formatMoney(t.amount, t.currency).replace(/[^\d.,]/g, "")} hint={minorDigits(t.currency) === 0 ? "Whole units." : `For example 12.50; at most ${minorDigits(t.currency)} decimals.`} frameClassName="max-w-xs" />
                  <TextField name="reason" id="capture-reason" label="Reason (for the audit log)" maxLength={500} frameClassName="max-w-md" />
                </ActionForm>
              ) : null}
              {refundable > 0n ? (
                <ActionForm action={refundAction} submitLabel="Refund" pendingLabel="Refunding…" className="space-y-3" label="Refund">
                  {hidden}
                  <p className="text-sm">
                    Up to <Money minor={refundable} currency={t.currency} /> can be refunded. Leave the amount empty to refund all of it.
                  </p>
                  <TextField name="amount" label={`Amount to refund (${t.currency})`} inputMode="decimal" placeholder={formatMoney(refundable, t.currency).replace(/[^\d.,]/g, "")} hint={minorDigits(t.currency) === 0 ? "Whole units." : `For example 12.50; at most ${minorDigits(t.currency)} decimals.`} frameClassName="max-w-xs" />
                  <TextField name="reason" label="Reason (for the audit log)" maxLength={500} frameClassName="max-w-md" />
                </ActionForm>
              ) : null}
              {cancellableFrom(t) && t.action === "AUTHORIZE" ? (
                <ActionForm action={cancelAction} submitLabel="Void" pendingLabel="Voiding…" variant="danger" className="space-y-3" label="Void">
                  {hidden}
                  <p className="text-sm">{t.authorizedAt ? "Releases the hold on the customer's card; nothing is charged." : "Cancels the authorization; the customer can no longer pay on the checkout page."}</p>
                  <TextField name="reason" id="cancel-reason" label="Reason (for the audit log)" maxLength={500} frameClassName="max-w-md" />
                </ActionForm>
              ) : cancellableFrom(t) ? (
                <ActionForm action={cancelAction} submitLabel="Cancel transaction" pendingLabel="Canceling…" variant="danger" className="space-y-3" label="Cancel transaction">
                  {hidden}
                  <p className="text-sm">{t.action === "PAYOUT" ? "Cancels the held payout; its reserve goes back to the available balance." : "Cancels the sale; the customer can no longer pay on the checkout page."}</p>
                  <TextField name="reason" id="cancel-reason" label="Reason (for the audit log)" maxLength={500} frameClassName="max-w-md" />
                </ActionForm>
              ) : null}
            </div>
          </Section>
        ) : null}

        <Section id="customer" title="Customer">
          {customer ? (
            <DetailList
              items={[
                ["Buyer ID", <Link key="b" href={`${base}/customers/${customer.id}`} className="break-all underline">{customer.buyerId}</Link>],
                ["E-mail", customer.email],
                ["Name", [customer.firstName, customer.lastName].filter(Boolean).join(" ") || null],
                ["Country", customer.country],
                ["KYC", `${customer.kycStatus} (${customer.kycLevel})`],
                ["Phone", customer.phone],
              ]}
            />
          ) : (
            <p className="text-sm">Buyer ID {t.buyerId}; no customer record.</p>
          )}
        </Section>

        <Section id="timeline" title="Status timeline" description="Every change of status, with who made it and why.">
          <StatusTimeline history={history} />
        </Section>

        {children.length > 0 ? (
          <Section id="related" title="Refunds and chargebacks">
            <Table caption="Related transactions">
              <THead>
                <Th>Created</Th>
                <Th>Type</Th>
                <Th>Status</Th>
                <Th className="text-right">Amount</Th>
                <Th>Transaction ID</Th>
              </THead>
              <TBody>
                {children.map((c) => (
                  <tr key={c.id}>
                    <Td>
                      <DateTime value={c.createdAt} />
                    </Td>
                    <Td>{c.action}</Td>
                    <Td>
                      <StatusBadge status={c.status} />
                    </Td>
                    <Td className="text-right">
                      <Money minor={c.amount} currency={c.currency} />
                    </Td>
                    <Td>
                      <Link href={`${base}/transactions/${c.id}`} className="font-mono text-xs underline">
                        {c.id}
                      </Link>
                    </Td>
                  </tr>
                ))}
              </TBody>
            </Table>
          </Section>
        ) : null}

        {attempts.length > 0 ? (
          <Section id="attempts" title="Payment attempts" description="Each call to a provider for this transaction, in order: a failover to the next connector happens only when the provider certainly did not take the payment.">
            <Table caption="Payment attempts">
              <THead>
                <Th>#</Th>
                <Th>Connector</Th>
                <Th>Operation</Th>
                <Th>Outcome</Th>
                <Th>Provider reference</Th>
                <Th className="text-right">Latency</Th>
                <Th>Started</Th>
              </THead>
              <TBody>
                {attempts.map((a) => (
                  <tr key={a.id}>
                    <Td className="tabular-nums">{a.number}</Td>
                    <Td>
                      {a.connector.name}
                      <div className="font-mono text-xs">
                        {a.connector.id} · {a.connector.provider}
                      </div>
                    </Td>
                    <Td>{a.operation}</Td>
                    <Td>
                      <code className="font-mono">{a.outcome}</code>
                      {a.declineCode ? <div className="text-xs">{a.declineCode}</div> : null}
                      {a.reason ? <div className="text-xs text-slate-600 dark:text-slate-400">{a.reason}</div> : null}
                      {a.resolvedAt ? (
                        <div className="text-xs">
                          settled <DateTime value={a.resolvedAt} />
                        </div>
                      ) : null}
                    </Td>
                    <Td className="font-mono text-xs">{a.providerRef ?? "—"}</Td>
                    <Td className="text-right tabular-nums">{a.latencyMs === null ? "—" : `${a.latencyMs} ms`}</Td>
                    <Td>
                      <DateTime value={a.startedAt} />
                    </Td>
                  </tr>
                ))}
              </TBody>
            </Table>
          </Section>
        ) : null}

        <Section id="ledger" title="Ledger entries" description="The double-entry postings of this transaction; each posting sums to zero.">
          {ledgerEntries.length === 0 ? <EmptyState title="No money has moved for this transaction" /> : <LedgerEntriesTable entries={ledgerEntries} />}
        </Section>

        <Section id="webhooks" title="Webhook events" description="Each event sent to the callback URL, with every delivery attempt.">
          {events.length === 0 ? (
            <EmptyState title="No webhook events" />
          ) : (
            <WebhookEvents events={events} merchantId={merchantId} environment={environment} transactionId={t.id} resend={can(access, "webhooks.resend") ? resendAction : null} />
          )}
        </Section>
      </div>
    </>
  );
}
