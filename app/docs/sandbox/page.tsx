// Public page: every sandbox test value of every method and outcome (SPEC §8),
// rendered from lib/providers/sandbox/test-values.ts — the same data the
// simulator decides by — plus the default risk thresholds that make a
// sandbox payout ask for KYC, hit a limit or wait for approval.
import type { Metadata } from "next";
import { SANDBOX_LIFECYCLE_VALUES, SANDBOX_TEST_VALUES, type TestValueRow } from "@/lib/providers/sandbox/test-values";
import { RISK_DEFAULTS } from "@/lib/risk/risk-defaults";

export const metadata: Metadata = { title: "Sandbox test values", description: "Test cards and test values that force every outcome in the Sluice sandbox." };

/** `code` spans in the data module's text, rendered as <code>. */
function Text({ value }: { value: string }) {
  return (
    <>
      {value.split(/(`[^`]+`)/).map((part, i) =>
        part.startsWith("`") && part.endsWith("`") ? (
          <code key={i} className="rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.85em] dark:bg-slate-800">
            {part.slice(1, -1)}
          </code>
        ) : (
          part
        ),
      )}
    </>
  );
}

function ValueTable({ caption, inputHeading, rows }: { caption: string; inputHeading: string; rows: TestValueRow[] }) {
  return (
    <div className="mt-4 overflow-x-auto">
      <table className="w-full border-collapse text-left text-sm">
        <caption className="mb-2 text-left font-medium text-slate-700 dark:text-slate-300">{caption}</caption>
        <thead>
          <tr className="border-b border-slate-300 dark:border-slate-700">
            <th scope="col" className="py-2 pr-4 font-semibold">
              {inputHeading}
            </th>
            <th scope="col" className="py-2 font-semibold">
              Outcome
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.input} className="border-b border-slate-200 align-top dark:border-slate-800">
              <td className="py-2 pr-4">
                <Text value={row.input} />
              </td>
              <td className="py-2">
                <Text value={row.outcome} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const money = (minor: number) => `${minor} (= ${(minor / 100).toLocaleString("en", { minimumFractionDigits: 2 })} in a 2-decimal currency)`;

const RISK_ROWS: TestValueRow[] = [
  { input: `Payout amount above ${money(RISK_DEFAULTS.kycThreshold)} for a customer without verified KYC`, outcome: "400 `KYC verification required` with a `verificationUrl`; in sandbox, submitting that page verifies the customer at once" },
  { input: `Today's payouts of one customer above ${money(RISK_DEFAULTS.dailyLimitBasic)} (basic) or ${money(RISK_DEFAULTS.dailyLimitEnhanced)} (enhanced KYC)`, outcome: "400 `Payout limit exceeded`" },
  { input: `Payout amount at or above ${money(RISK_DEFAULTS.reviewThreshold)}`, outcome: "PROCESSING, then WAIT_APPROVE within seconds (an operator approves or rejects)" },
  { input: `More than ${RISK_DEFAULTS.velocityLimit} payouts by one customer within an hour`, outcome: "the extra payouts go WAIT_APPROVE" },
  { input: `Held payout above ${money(RISK_DEFAULTS.dualApprovalThreshold)}`, outcome: "needs two different approvers" },
  { input: "A sale above the merchant's sale review threshold (off unless set in Settings)", outcome: "PROCESSING, then WAIT_APPROVE; a merchant ADMIN approves it" },
];

export default function SandboxDocsPage() {
  return (
    <main className="mx-auto max-w-4xl px-6 py-10">
      <h1 className="text-3xl font-semibold tracking-tight">Sandbox test values</h1>
      <p className="mt-3 text-slate-700 dark:text-slate-300">
        Sandbox keys (<code className="font-mono">sk_test_…</code>) never reach a real provider: a simulator answers through the same provider interface production connectors
        implement. The values below force every outcome. Simulated processing times are multiplied by the server&apos;s <code className="font-mono">SANDBOX_TIME_SCALE</code>{" "}
        (default 1). Every status change sends its webhook.
      </p>
      <nav aria-label="Methods" className="mt-6">
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
          {SANDBOX_TEST_VALUES.map((m) => (
            <li key={m.slug}>
              <a href={`#${m.slug}`} className="underline underline-offset-2">
                {m.name}
              </a>
            </li>
          ))}
          <li>
            <a href="#refunds-chargebacks" className="underline underline-offset-2">
              Refunds and chargebacks
            </a>
          </li>
          <li>
            <a href="#risk" className="underline underline-offset-2">
              Risk rules
            </a>
          </li>
        </ul>
      </nav>

      {SANDBOX_TEST_VALUES.map((m) => (
        <section key={m.slug} id={m.slug} aria-labelledby={`${m.slug}-title`} className="mt-10">
          <h2 id={`${m.slug}-title`} className="text-xl font-semibold">
            {m.name} <code className="ml-1 font-mono text-base font-normal text-slate-600 dark:text-slate-400">paymentMethod: &quot;{m.slug}&quot;</code>
          </h2>
          <ValueTable caption="Deposits (SALE)" inputHeading={m.slug === "card" ? "Card number" : "On the hosted checkout"} rows={m.sale} />
          {m.payout ? (
            <ValueTable caption="Withdrawals (PAYOUT), in paymentMethodInput" inputHeading="Destination" rows={m.payout} />
          ) : (
            <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">No withdrawals with this method.</p>
          )}
        </section>
      ))}

      <section id="refunds-chargebacks" aria-labelledby="lifecycle-title" className="mt-10">
        <h2 id="lifecycle-title" className="text-xl font-semibold">
          Refunds, chargebacks and forced outcomes
        </h2>
        <ValueTable caption="Any method" inputHeading="Request" rows={SANDBOX_LIFECYCLE_VALUES} />
      </section>

      <section id="risk" aria-labelledby="risk-title" className="mt-10">
        <h2 id="risk-title" className="text-xl font-semibold">
          Risk rules (default thresholds, in minor units)
        </h2>
        <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">Merchants can change each threshold in the back office (Settings); the defaults are:</p>
        <ValueTable caption="Payouts and sales" inputHeading="When" rows={RISK_ROWS} />
      </section>
    </main>
  );
}
