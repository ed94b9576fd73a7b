import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { ActionForm } from "@/components/backoffice/action-form";
import { KycBadge } from "@/components/backoffice/customers/kyc-badge";
import { NoAccess } from "@/components/backoffice/no-access";
import { Notice } from "@/components/backoffice/notice";
import { DetailList } from "@/components/backoffice/transactions/detail-list";
import { TransactionsTable } from "@/components/backoffice/transactions/transactions-table";
import { DateTime } from "@/components/ui/date-time";
import { EmptyState } from "@/components/ui/empty-state";
import { SelectField, TextField } from "@/components/ui/field";
import { PageHeader, Section } from "@/components/ui/section";
import { Table, TBody, Td, Th, THead } from "@/components/ui/table";
import { can, type MerchantAccess } from "@/lib/backoffice/authz";
import { type CustomerDetail, getCustomerDetail } from "@/lib/backoffice/customers/get-customer-detail";
import { formatRiskAmount, riskAmountInCurrencies } from "@/lib/backoffice/settings/risk-amounts";
import { getEnvironmentPreference } from "@/app/backoffice/_server/environment-preference";
import { firstParam, type SearchParams } from "@/lib/backoffice/search-params";
import { requirePagePermission } from "@/app/backoffice/_server/session";
import { AppError } from "@/lib/errors";
import type { Environment } from "@/lib/generated/prisma/enums";
import { grantEnhancedAction, reviewVerificationAction } from "../actions";

export const metadata: Metadata = { title: "Customer" };

async function load(access: MerchantAccess, environment: Environment, customerId: string): Promise<CustomerDetail> {
  try {
    return await getCustomerDetail({ access, environment, customerId });
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found") notFound();
    throw error;
  }
}

function submittedSummary(submitted: unknown): string | null {
  if (!submitted || typeof submitted !== "object") return null;
  const s = submitted as Record<string, string | undefined>;
  return [`${s.firstName ?? ""} ${s.lastName ?? ""}`.trim(), s.dob && `born ${s.dob}`, s.country, s.documentType && `${s.documentType.replace("_", " ")} …${s.documentLast4 ?? ""}`].filter(Boolean).join(" · ");
}

const NOTICES = {
  "kyc-approved": "Verification approved: the customer is verified.",
  "kyc-rejected": "Verification rejected.",
  "kyc-enhanced": "Enhanced level granted: the customer’s daily payout limit is now the enhanced one.",
};

export default async function CustomerPage({ params, searchParams }: { params: Promise<{ merchantId: string; customerId: string }>; searchParams: SearchParams }) {
  const { merchantId, customerId } = await params;
  const notice = firstParam((await searchParams).notice);
  const access = await requirePagePermission(merchantId, "merchant.view");
  if (!access) return <NoAccess page="Customer" roles="the merchant’s team" />;
  const environment = await getEnvironmentPreference(access.actor);
  const { customer: c, limit, unit, verifications, transactions } = await load(access, environment, customerId);
  const verifier = can(access, "customers.verify");
  const pending = verifications.filter((v) => v.status === "pending" && v.submittedAt);
  const hidden = (
    <>
      <input type="hidden" name="merchantId" value={merchantId} />
      <input type="hidden" name="environment" value={environment} />
      <input type="hidden" name="customerId" value={c.id} />
    </>
  );
  // One number for every currency (Sluice converts none): shown in major units, with what it means in each of the merchant's currencies.
  const units = (n: bigint) => (unit.currencies.length > 0 ? `${formatRiskAmount(n, unit)} (${riskAmountInCurrencies(n, unit)})` : formatRiskAmount(n, unit));

  return (
    <>
      <PageHeader
        title={`Customer ${c.buyerId}`}
        description={`${[c.firstName, c.lastName].filter(Boolean).join(" ") || "No name"}${c.email ? ` · ${c.email}` : ""} · ${c.id}`}
        actions={
          <Link href={`/backoffice/${merchantId}/customers`} className="text-sm underline">
            All customers
          </Link>
        }
      />
      <Notice value={notice} messages={NOTICES} />
      <div className="space-y-6">
        <Section id="kyc" title="KYC and payout limit" actions={<KycBadge status={c.kycStatus} />}>
          <DetailList
            items={[
              ["KYC status", c.kycStatus],
              ["KYC level", c.kycLevel],
              ["Daily payout limit", units(limit.daily)],
              ["Paid out or in flight today (UTC)", units(limit.usedToday)],
              ["Left today", units(limit.remaining)],
            ]}
          />
        </Section>

        {verifier && (pending.length > 0 || (c.kycStatus === "verified" && c.kycLevel === "basic")) ? (
          <Section id="verify" title="Verify" description="As a platform operator you decide verifications. Every decision is in the audit log.">
            <div className="space-y-6">
              {pending.map((v) => (
                <div key={v.id} className="space-y-3 rounded-md border border-amber-300 p-4 dark:border-amber-700">
                  <p className="text-sm">
                    <span className="font-medium">{v.level === "enhanced" ? "Enhanced" : "Basic"} verification submitted</span> <DateTime value={v.submittedAt} />: {submittedSummary(v.submitted) ?? "no details"}
                  </p>
                  <div className="grid gap-4 md:grid-cols-2">
                    <ActionForm action={reviewVerificationAction} submitLabel="Approve verification" pendingLabel="Saving…" className="space-y-3" label={`Approve verification ${v.id}`}>
                      {hidden}
                      <input type="hidden" name="verificationId" value={v.id} />
                      <input type="hidden" name="decision" value="approve" />
                      <SelectField
                        id={`${v.id}-level`}
                        name="level"
                        label="Level to grant"
                        defaultValue={v.level}
                        options={[
                          { value: "basic", label: "Basic" },
                          { value: "enhanced", label: "Enhanced (higher daily limit)" },
                        ]}
                      />
                      <TextField id={`${v.id}-approve-note`} name="note" label="Note (for the audit log)" maxLength={500} />
                    </ActionForm>
                    <ActionForm action={reviewVerificationAction} submitLabel="Reject verification" pendingLabel="Saving…" variant="danger" className="space-y-3" label={`Reject verification ${v.id}`}>
                      {hidden}
                      <input type="hidden" name="verificationId" value={v.id} />
                      <input type="hidden" name="decision" value="reject" />
                      <TextField id={`${v.id}-reject-note`} name="note" label="Why (for the audit log)" maxLength={500} />
                    </ActionForm>
                  </div>
                </div>
              ))}
              {c.kycStatus === "verified" && c.kycLevel === "basic" ? (
                <ActionForm action={grantEnhancedAction} submitLabel="Grant enhanced level" pendingLabel="Saving…" className="max-w-lg space-y-3" label="Grant enhanced level">
                  {hidden}
                  <p className="text-sm">The identity is verified. Grant the enhanced level (daily payout limit of the enhanced tier) once you have checked the extra evidence.</p>
                  <TextField id="grant-reason" name="reason" label="What you checked (required)" required maxLength={500} />
                </ActionForm>
              ) : null}
            </div>
          </Section>
        ) : null}

        <Section id="profile" title="Details" description="As the merchant last sent them.">
          <DetailList
            items={[
              ["Buyer ID", <span key="b" className="break-all">{c.buyerId}</span>],
              ["E-mail", c.email],
              ["Name", [c.firstName, c.lastName].filter(Boolean).join(" ") || null],
              ["Phone", c.phone],
              ["Address", [c.address, c.address2, c.zip, c.city, c.state, c.country].filter(Boolean).join(", ") || null],
              ["Date of birth", c.dob],
              ["First seen", <DateTime key="c" value={c.createdAt} />],
              ["Last updated", <DateTime key="u" value={c.updatedAt} />],
            ]}
          />
        </Section>

        <Section id="verifications" title="Verifications">
          {verifications.length === 0 ? (
            <EmptyState title="No verification yet">A verification starts when a payout needs KYC or your server calls POST /v1/customers/{"{buyerId}"}/verification.</EmptyState>
          ) : (
            <Table caption="KYC verifications, newest first">
              <THead>
                <Th>Started</Th>
                <Th>Level</Th>
                <Th>Status</Th>
                <Th>Submitted</Th>
                <Th>Reviewed</Th>
                <Th>Note</Th>
              </THead>
              <TBody>
                {verifications.map((v) => (
                  <tr key={v.id}>
                    <Td>
                      <DateTime value={v.createdAt} />
                    </Td>
                    <Td>{v.level}</Td>
                    <Td>
                      <KycBadge status={v.status} />
                      {v.status === "pending" && !v.submittedAt ? <div className="mt-1 text-xs text-slate-600 dark:text-slate-400">waiting for the customer</div> : null}
                    </Td>
                    <Td>
                      <DateTime value={v.submittedAt} fallback={v.reviewedById ? "granted by an operator" : "not yet"} />
                      {submittedSummary(v.submitted) ? <div className="mt-1 text-xs">{submittedSummary(v.submitted)}</div> : null}
                    </Td>
                    <Td>
                      <DateTime value={v.reviewedAt} fallback="not yet" />
                      {v.reviewerEmail ? <div className="mt-1 text-xs">by {v.reviewerEmail}</div> : null}
                    </Td>
                    <Td className="max-w-xs break-words">{v.reviewNote ?? "—"}</Td>
                  </tr>
                ))}
              </TBody>
            </Table>
          )}
        </Section>

        <Section
          id="transactions"
          title="Latest transactions"
          actions={
            <Link href={`/backoffice/${merchantId}/transactions?q=${encodeURIComponent(c.buyerId)}`} className="text-sm underline">
              All of this customer’s transactions
            </Link>
          }
        >
          {transactions.length === 0 ? <EmptyState title="No transactions yet" /> : <TransactionsTable rows={transactions} merchantId={merchantId} caption={`Latest transactions of ${c.buyerId}`} />}
        </Section>
      </div>
    </>
  );
}
