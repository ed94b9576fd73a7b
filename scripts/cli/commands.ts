// The CLI's command table. Add a command here: flags, usage, and a run()
// that calls a domain function in lib/ and returns what to print.
import { createApiKey } from "../../lib/api-keys/create-api-key";
import { approveTransaction } from "../../lib/approvals/approve-transaction";
import { rejectTransaction } from "../../lib/approvals/reject-transaction";
import { reviewKyc } from "../../lib/kyc/review-kyc";
import { addScreeningEntry, SCREENING_FIELDS, type ScreeningField } from "../../lib/risk/add-screening-entry";
import { serializeTransaction } from "../../lib/api-objects/serialize-transaction";
import { normaliseEmail } from "../../lib/users/create-user";
import { createStaffMember } from "../../lib/team/create-staff-member";
import { db } from "../../lib/db";
import type { Environment, KeyScope, MemberRole } from "../../lib/generated/prisma/enums";
import { checkLedger } from "../../lib/ledger/check-ledger";
import { creditTestFunds } from "../../lib/ledger/credit-test-funds";
import { rollUpLedger } from "../../lib/ledger/roll-up";
import { reEncryptSecrets } from "../../lib/secrets/re-encrypt-secrets";
import { createMerchant } from "../../lib/merchants/create-merchant";
import { setRateLimits } from "../../lib/merchants/set-rate-limits";
import { isCurrency } from "@/lib/schema/currencies";
import { createOperator } from "../../lib/users/create-user";
import { readFileSync } from "node:fs";
import type { Actor } from "../../lib/audit/actor";
import { addConnector } from "../../lib/connectors/add-connector";
import type { ConnectorView } from "../../lib/connectors/connector-view";
import { listConnectors } from "../../lib/connectors/list-connectors";
import { rotateConnector } from "../../lib/connectors/rotate-connector";
import { disableConnector, enableConnector } from "../../lib/connectors/set-connector-enabled";
import { testConnector } from "../../lib/connectors/test-connector";
import { listRoutes, type RouteView } from "../../lib/routing/list-routes";
import { setRoute } from "../../lib/routing/set-route";
import { exportBankFiles } from "../../lib/bank-files/export-bank-files";
import { getBankFile } from "../../lib/bank-files/get-bank-files-overview";
import { importBankReport, type ImportSummary } from "../../lib/bank-files/import-bank-report";
import { formatMoney } from "../../lib/schema/currencies";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";

type Values = Record<string, string | boolean | undefined>;
type OptionSpec = Record<string, { type: "string" | "boolean" }>;

interface CommandResult {
  json: unknown;
  text: string;
  exitCode?: number;
}

export interface Command {
  usage: string;
  options: OptionSpec;
  /** Takes arguments after the flags (bankfile:import <file>). */
  positionals?: boolean;
  run: (values: Values, positionals?: string[]) => Promise<CommandResult>;
}

class CliUsageError extends Error {
  override name = "CliUsageError";
}

function required(values: Values, name: string): string {
  const v = values[name];
  if (typeof v !== "string" || v.trim() === "") throw new CliUsageError(`--${name} is required`);
  return v.trim();
}

function optional(values: Values, name: string): string | undefined {
  const v = values[name];
  return typeof v === "string" ? v.trim() : undefined;
}

function environment(values: Values): Environment {
  const v = required(values, "env");
  if (v !== "sandbox" && v !== "production") throw new CliUsageError(`--env must be sandbox or production, not "${v}"`);
  return v;
}

function positiveInt(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) < 1 || !Number.isSafeInteger(Number(value))) throw new CliUsageError(`--${name} must be a whole number >= 1`);
  return Number(value);
}

/** --user EMAIL of a back-office user or operator, as the id the domain functions take. */
async function userIdByEmail(values: Values): Promise<string> {
  const email = normaliseEmail(required(values, "user"));
  const user = await db.user.findUnique({ where: { email }, select: { id: true } });
  if (!user) throw new CliUsageError(`No user with e-mail ${email}`);
  return user.id;
}

/**
 * --seen-updated-at: the transaction's updatedAt the operator looked at (no
 * decision on stale data). Without it the CLI decides on the transaction as
 * it is now, which is what an operator typing the command has just looked up.
 */
async function seenUpdatedAt(values: Values, transactionId: string): Promise<Date> {
  const given = optional(values, "seen-updated-at");
  if (given !== undefined) {
    const d = new Date(given);
    if (!/^\d{4}-\d\d-\d\dT/.test(given) || Number.isNaN(d.getTime())) throw new CliUsageError(`--seen-updated-at must be an ISO 8601 timestamp such as 2026-11-21T10:15:30.123Z, not "${given}"`);
    return d;
  }
  const t = await db.transaction.findUnique({ where: { id: transactionId }, select: { updatedAt: true } });
  if (!t) throw new CliUsageError(`No transaction with id ${transactionId}`);
  return t.updatedAt;
}

/** Who a connector or route command is audited as: the operator at the server's shell. */
const CLI_ACTOR: Actor = { type: "system", id: "cli" };

/**
 * Credential flags of every connector kind (kebab-case of its fields): Stripe's --secret-key and
 * --webhook-secret; PayPal's --client-id, --client-secret and --webhook-id; Adyen's --api-key,
 * --merchant-account, --hmac-key and (production) --live-url-prefix; a bank file's debtor account and cut-off.
 */
const CREDENTIAL_FLAGS = {
  "secret-key": "secretKey",
  "webhook-secret": "webhookSecret",
  "client-id": "clientId",
  "client-secret": "clientSecret",
  "webhook-id": "webhookId",
  "api-key": "apiKey",
  "merchant-account": "merchantAccount",
  "hmac-key": "hmacKey",
  "live-url-prefix": "liveUrlPrefix",
  "debtor-name": "debtorName",
  "debtor-iban": "debtorIban",
  "debtor-bic": "debtorBic",
  "cut-off-time": "cutOffTime",
} as const;

/**
 * The credentials given as flags or in a JSON file (--credentials-file, e.g. mode 600: flags are
 * visible to other users in `ps` and stay in the shell's history). Flags win over the file.
 */
function credentialsFrom(values: Values): Record<string, string> {
  const file = optional(values, "credentials-file");
  let fromFile: Record<string, string> = {};
  if (file !== undefined) {
    try {
      fromFile = JSON.parse(readFileSync(file, "utf8")) as Record<string, string>;
    } catch (err) {
      throw new CliUsageError(`--credentials-file ${file} is not a readable JSON object (${(err as Error).name})`);
    }
  }
  const fromFlags = Object.fromEntries(Object.entries(CREDENTIAL_FLAGS).flatMap(([flag, field]) => (optional(values, flag) === undefined ? [] : [[field, optional(values, flag)!]])));
  return { ...fromFile, ...fromFlags };
}

const credentialOptions: OptionSpec = { ...Object.fromEntries(Object.keys(CREDENTIAL_FLAGS).map((flag) => [flag, { type: "string" as const }])), "credentials-file": { type: "string" } };

function describeConnector(c: ConnectorView): string {
  const hints = Object.entries(c.credentialHints).map(([field, last4]) => `${field} …${last4}`).join(", ");
  const tested = c.lastTestedAt ? `last test ${c.lastTestOk ? "ok" : "FAILED"} ${c.lastTestedAt}` : "never tested";
  return `${c.id}  ${c.provider} ${c.environment}  "${c.name}"  ${c.enabled ? "enabled" : "DISABLED"}  ${hints}${c.apiBase ? `  apiBase ${c.apiBase}` : ""}  ${tested}
    provider events: ${c.eventsUrl}`;
}

function describeRoute(r: RouteView): string {
  const when = [r.currencies.length ? r.currencies.join(",") : "any currency", r.minAmount !== null || r.maxAmount !== null ? `amount ${r.minAmount ?? 1}–${r.maxAmount ?? "∞"}` : "any amount"].join(", ");
  return `${r.method} (${when}) → ${r.connectors.map((c) => `${c.id} ${c.provider} "${c.name}"${c.enabled ? "" : " DISABLED"}`).join(" → ")}`;
}

const decisionOptions: OptionSpec = { transaction: { type: "string" }, user: { type: "string" }, reason: { type: "string" }, "seen-updated-at": { type: "string" } };

async function merchantExists(id: string): Promise<void> {
  if (!(await db.merchant.findUnique({ where: { id }, select: { id: true } }))) throw new CliUsageError(`No merchant with id ${id}`);
}

export const commands: Record<string, Command> = {
  "merchant:create": {
    usage: "--name N [--domain D] [--email E] [--password P]",
    options: { name: { type: "string" }, domain: { type: "string" }, email: { type: "string" }, password: { type: "string" } },
    async run(v) {
      const r = await createMerchant({ name: required(v, "name"), domain: optional(v, "domain"), email: optional(v, "email"), password: optional(v, "password") });
      return {
        json: r,
        text: [
          `Merchant ${r.merchant.name} (${r.merchant.id}) created.`,
          `  sandbox key:     ${r.keys.sandbox}`,
          `  production key:  ${r.keys.production}`,
          `  webhook signing key (sandbox):    ${r.webhookSigningKeys.sandbox}`,
          `  webhook signing key (production): ${r.webhookSigningKeys.production}`,
          `  back-office owner: ${r.owner.email} / ${r.owner.password}`,
          "Keys are shown once; store them now.",
        ].join("\n"),
      };
    },
  },

  "operator:create": {
    usage: "--email E --password P",
    options: { email: { type: "string" }, password: { type: "string" } },
    async run(v) {
      const user = await createOperator({ email: required(v, "email"), password: required(v, "password") });
      return { json: { user }, text: `Operator ${user.email} (${user.id}) created.` };
    },
  },

  "user:create": {
    usage: "--merchant ID --role OWNER|ADMIN|DEVELOPER|VIEWER --email E --password P [--name N]",
    options: { merchant: { type: "string" }, role: { type: "string" }, email: { type: "string" }, password: { type: "string" }, name: { type: "string" } },
    async run(v) {
      const role = required(v, "role").toUpperCase();
      if (!["OWNER", "ADMIN", "DEVELOPER", "VIEWER"].includes(role)) throw new CliUsageError(`--role must be OWNER, ADMIN, DEVELOPER or VIEWER, not "${role}"`);
      const r = await createStaffMember({ merchantId: required(v, "merchant"), role: role as MemberRole, email: required(v, "email"), password: required(v, "password"), name: optional(v, "name") });
      return { json: r, text: `User ${r.user.email} (${r.user.id}) is now ${r.membership.role} of ${r.membership.merchantId}.` };
    },
  },

  "key:create": {
    usage: "--merchant ID --env sandbox|production [--scope read_only]",
    options: { merchant: { type: "string" }, env: { type: "string" }, scope: { type: "string" } },
    async run(v) {
      const merchantId = required(v, "merchant");
      const env = environment(v);
      const scope = (optional(v, "scope") ?? "full") as KeyScope;
      if (scope !== "full" && scope !== "read_only") throw new CliUsageError(`--scope must be full or read_only, not "${scope}"`);
      await merchantExists(merchantId);
      const k = await createApiKey({ merchantId, environment: env, scope, name: "CLI key" });
      return { json: { key: { id: k.id, key: k.key, environment: k.environment, scope: k.scope } }, text: `${k.environment} ${k.scope} key ${k.id}: ${k.key}\nShown once; store it now.` };
    },
  },

  "balance:credit": {
    usage: "--merchant ID --env sandbox --currency C --amount N",
    options: { merchant: { type: "string" }, env: { type: "string" }, currency: { type: "string" }, amount: { type: "string" } },
    async run(v) {
      const merchantId = required(v, "merchant");
      const env = environment(v);
      if (env !== "sandbox") throw new CliUsageError("Test funds can only be added in sandbox; production balances move only with real payments");
      const currency = required(v, "currency").toUpperCase();
      if (!isCurrency(currency)) throw new CliUsageError(`--currency must be an ISO 4217 code such as USD, not "${currency}"`);
      const amount = positiveInt(required(v, "amount"), "amount")!;
      await merchantExists(merchantId);
      const balance = await creditTestFunds({ merchantId, environment: env, currency, amount: BigInt(amount) });
      return { json: { balance }, text: `${currency} available ${balance.available}, reserved ${balance.reserved} (minor units)` };
    },
  },

  "merchant:limits": {
    usage: "--merchant ID [--rate-per-minute N] [--burst-per-second N]",
    options: { merchant: { type: "string" }, "rate-per-minute": { type: "string" }, "burst-per-second": { type: "string" } },
    async run(v) {
      const merchantId = required(v, "merchant");
      const limits = await setRateLimits({
        merchantId,
        ratePerMinute: positiveInt(optional(v, "rate-per-minute"), "rate-per-minute"),
        burstPerSecond: positiveInt(optional(v, "burst-per-second"), "burst-per-second"),
      });
      const text = limits.environments.map((e) => `${e.environment}: per key ${e.key.perMinute}/min, ${e.key.perSecond}/s; environment ${e.environmentTotal.perMinute}/min, ${e.environmentTotal.perSecond}/s`).join("\n");
      return { json: { limits }, text };
    },
  },

  "ledger:check": {
    usage: "(no options)",
    options: {},
    async run() {
      const result = await checkLedger();
      const text = result.ok
        ? `Ledger OK: ${result.transactions} transactions checked.`
        : `Ledger MISMATCH:\n${result.mismatches.map((m) => `  ${m.kind} ${m.id}: ${m.detail}`).join("\n")}`;
      return { json: result, text, exitCode: result.ok ? 0 : 1 };
    },
  },

  "ledger:roll-up": {
    usage: "(no options)",
    options: {},
    async run() {
      // The worker does this every second; the command is for an operator without a worker running.
      const result = await rollUpLedger();
      return { json: result, text: `Rolled up ${result.entries} ledger entries into ${result.accounts} account balances.` };
    },
  },

  "secrets:re-encrypt": {
    usage: "(no options)",
    options: {},
    async run() {
      // The second step of rotating APP_ENCRYPTION_KEY (README "Security"): run after every process has the new key.
      const result = await reEncryptSecrets();
      const unreadable = result.unreadable.map((u) => `\n  ${u.table} ${u.id} (${u.column}) cannot be decrypted with any configured key`).join("");
      return {
        json: result,
        text: `Re-encrypted ${result.reEncrypted} secret(s) under the current key; ${result.current} already current.${unreadable}`,
        exitCode: result.unreadable.length > 0 ? 1 : 0,
      };
    },
  },

  "connector:add": {
    usage: "--provider stripe|paypal|adyen|bank_file --env sandbox|production --name N (--secret-key K --webhook-secret S | --client-id I --client-secret S --webhook-id W | --api-key K --merchant-account A --hmac-key H [--live-url-prefix P] | --debtor-name N --debtor-iban I --debtor-bic B --cut-off-time HH:MM | --credentials-file F) [--api-base URL] [--timeout-ms N]",
    options: { provider: { type: "string" }, env: { type: "string" }, name: { type: "string" }, "api-base": { type: "string" }, "timeout-ms": { type: "string" }, ...credentialOptions },
    async run(v) {
      const connector = await addConnector({
        input: { provider: required(v, "provider"), environment: environment(v), name: required(v, "name"), credentials: credentialsFrom(v), apiBase: optional(v, "api-base"), timeoutMs: positiveInt(optional(v, "timeout-ms"), "timeout-ms") },
        actor: CLI_ACTOR,
      });
      return { json: { connector }, text: `Connector added (credentials stored encrypted; only their last 4 characters are shown from now on):\n${describeConnector(connector)}\nNext: connector:test --connector ${connector.id}, then register the events URL at the provider.` };
    },
  },

  "connector:list": {
    usage: "[--env sandbox|production]",
    options: { env: { type: "string" } },
    async run(v) {
      const connectors = await listConnectors({ environment: optional(v, "env") === undefined ? undefined : environment(v) });
      return { json: { connectors }, text: connectors.length ? connectors.map(describeConnector).join("\n") : "No connectors." };
    },
  },

  "connector:test": {
    usage: "--connector cn_…",
    options: { connector: { type: "string" } },
    async run(v) {
      const result = await testConnector({ connectorId: required(v, "connector"), actor: CLI_ACTOR });
      return { json: result, text: `${result.ok ? "OK" : "FAILED"} (${result.latencyMs} ms): ${result.message}`, exitCode: result.ok ? 0 : 1 };
    },
  },

  "connector:rotate": {
    usage: "--connector cn_… [--secret-key K] [--webhook-secret S] [--client-id I] [--client-secret S] [--webhook-id W] [--api-key K] [--hmac-key H] [--credentials-file F] [--expire-previous-in-hours N (default 24)]",
    options: { connector: { type: "string" }, "expire-previous-in-hours": { type: "string" }, ...credentialOptions },
    async run(v) {
      const hours = optional(v, "expire-previous-in-hours");
      if (hours !== undefined && !/^\d+$/.test(hours)) throw new CliUsageError("--expire-previous-in-hours must be a whole number of hours (0 to 168)");
      const connector = await rotateConnector({ connectorId: required(v, "connector"), input: { credentials: credentialsFrom(v), ...(hours === undefined ? {} : { expirePreviousInHours: Number(hours) }) }, actor: CLI_ACTOR });
      return { json: { connector }, text: `Credentials rotated:\n${describeConnector(connector)}` };
    },
  },

  "connector:disable": {
    usage: "--connector cn_… [--reason R]",
    options: { connector: { type: "string" }, reason: { type: "string" } },
    async run(v) {
      const connector = await disableConnector({ connectorId: required(v, "connector"), actor: CLI_ACTOR, reason: optional(v, "reason") });
      return { json: { connector }, text: `Disabled: no new payments are routed to it; what it holds is still served.\n${describeConnector(connector)}` };
    },
  },

  "connector:enable": {
    usage: "--connector cn_…",
    options: { connector: { type: "string" } },
    async run(v) {
      const connector = await enableConnector({ connectorId: required(v, "connector"), actor: CLI_ACTOR });
      return { json: { connector }, text: `Enabled:\n${describeConnector(connector)}` };
    },
  },

  "route:set": {
    usage: "--merchant ID --env sandbox|production --method card|bnpl|bank_transfer|… --connectors cn_A,cn_B (in order; \"\" removes the route) [--currencies EUR,USD] [--min-amount N] [--max-amount N]",
    options: { merchant: { type: "string" }, env: { type: "string" }, method: { type: "string" }, connectors: { type: "string" }, currencies: { type: "string" }, "min-amount": { type: "string" }, "max-amount": { type: "string" } },
    async run(v) {
      const connectors = v.connectors;
      if (typeof connectors !== "string") throw new CliUsageError("--connectors is required (an empty value removes the route)");
      const list = (value: string | undefined) => (value ?? "").split(",").map((x) => x.trim()).filter(Boolean);
      const merchantId = required(v, "merchant");
      const env = environment(v);
      const routes = await setRoute({
        merchantId,
        environment: env,
        input: { method: required(v, "method"), connectorIds: list(connectors), currencies: list(optional(v, "currencies")), minAmount: positiveInt(optional(v, "min-amount"), "min-amount"), maxAmount: positiveInt(optional(v, "max-amount"), "max-amount") },
        actor: CLI_ACTOR,
      });
      return { json: { routes }, text: routes.length ? routes.map(describeRoute).join("\n") : `${merchantId} has no routes in ${env}.` };
    },
  },

  "route:list": {
    usage: "--merchant ID --env sandbox|production",
    options: { merchant: { type: "string" }, env: { type: "string" } },
    async run(v) {
      const routes = await listRoutes({ merchantId: required(v, "merchant"), environment: environment(v) });
      return { json: { routes }, text: routes.length ? routes.map(describeRoute).join("\n") : "No routes." };
    },
  },

  approve: {
    usage: "--transaction ID --user EMAIL --reason R [--seen-updated-at ISO]",
    options: decisionOptions,
    async run(v) {
      const transactionId = required(v, "transaction");
      const r = await approveTransaction({ actor: { userId: await userIdByEmail(v) }, transactionId, reason: required(v, "reason"), seenUpdatedAt: await seenUpdatedAt(v, transactionId) });
      const text =
        r.outcome === "approved"
          ? `Approved ${transactionId}: now ${r.transaction.status}.`
          : `Approval ${r.approvals} of ${r.requiredApprovals} recorded for ${transactionId}; it needs another approver (updatedAt now ${r.transaction.updatedAt.toISOString()}).`;
      return { json: { outcome: r.outcome, approvals: r.approvals, requiredApprovals: r.requiredApprovals, transaction: serializeTransaction(r.transaction) }, text };
    },
  },

  reject: {
    usage: "--transaction ID --user EMAIL --reason R [--seen-updated-at ISO]",
    options: decisionOptions,
    async run(v) {
      const transactionId = required(v, "transaction");
      const t = await rejectTransaction({ actor: { userId: await userIdByEmail(v) }, transactionId, reason: required(v, "reason"), seenUpdatedAt: await seenUpdatedAt(v, transactionId) });
      return { json: { outcome: "rejected", transaction: serializeTransaction(t) }, text: `Rejected ${transactionId}: now ${t.status} (${t.declineCode}).` };
    },
  },

  "screening:add": {
    usage: "--user EMAIL --field email|name|buyerId|country --value V [--merchant mr_… (else platform-wide)] [--env sandbox|production (else both)] [--reason R]",
    options: { user: { type: "string" }, merchant: { type: "string" }, env: { type: "string" }, field: { type: "string" }, value: { type: "string" }, reason: { type: "string" } },
    async run(v) {
      const field = required(v, "field");
      if (!(SCREENING_FIELDS as readonly string[]).includes(field)) throw new CliUsageError(`--field must be one of ${SCREENING_FIELDS.join(", ")}, not "${field}"`);
      const merchantId = optional(v, "merchant") ?? null;
      if (merchantId) await merchantExists(merchantId);
      const entry = await addScreeningEntry({
        actor: { userId: await userIdByEmail(v) },
        merchantId,
        environment: optional(v, "env") === undefined ? null : environment(v),
        field: field as ScreeningField,
        value: required(v, "value"),
        reason: optional(v, "reason"),
      });
      const scope = merchantId ? `merchant ${merchantId}` : "the whole platform";
      return { json: { entry: { id: entry.id, merchantId: entry.merchantId, environment: entry.environment, field: entry.field, value: entry.value } }, text: `Screening entry ${entry.id} added for ${scope}: ${entry.field} = ${entry.value}.` };
    },
  },

  "kyc:review": {
    usage: "--verification ID --user EMAIL --decision approve|reject [--level basic|enhanced] [--note N]",
    options: { verification: { type: "string" }, user: { type: "string" }, decision: { type: "string" }, level: { type: "string" }, note: { type: "string" } },
    async run(v) {
      const decision = required(v, "decision");
      if (decision !== "approve" && decision !== "reject") throw new CliUsageError(`--decision must be approve or reject, not "${decision}"`);
      const level = optional(v, "level");
      if (level !== undefined && level !== "basic" && level !== "enhanced") throw new CliUsageError(`--level must be basic or enhanced, not "${level}"`);
      const r = await reviewKyc({ actor: { userId: await userIdByEmail(v) }, verificationId: required(v, "verification"), decision, level, note: optional(v, "note") });
      return { json: r, text: `Verification ${r.verificationId} ${r.status}; customer ${r.customer.buyerId} is ${r.customer.kycStatus} (${r.customer.kycLevel}).` };
    },
  },

  "bankfile:export": {
    usage: "[--dir DIR (default ./bank-files)] [--at ISO-8601 time (default now)]",
    options: { dir: { type: "string" }, at: { type: "string" } },
    async run(v) {
      const at = optional(v, "at");
      const now = at === undefined ? new Date() : new Date(at);
      if (Number.isNaN(now.getTime())) throw new CliUsageError(`--at must be an ISO 8601 time such as 2026-11-26T15:00:00Z, not "${at}"`);
      const dir = path.resolve(optional(v, "dir") ?? "bank-files");
      const files = await exportBankFiles({ actor: CLI_ACTOR, now });
      mkdirSync(dir, { recursive: true });
      const written = [];
      for (const f of files) {
        const file = path.join(dir, f.fileName);
        // The stored bytes, as the back office's download serves them.
        writeFileSync(file, (await getBankFile(f.id))!.xml, { mode: 0o600 });
        written.push({ id: f.id, connectorId: f.connectorId, fileName: f.fileName, currency: f.currency, cutOffAt: f.cutOffAt.toISOString(), nbOfTxs: f.nbOfTxs, ctrlSum: Number(f.ctrlSum), path: file });
      }
      const text = written.length ? written.map((f) => `${f.path}\n  ${f.nbOfTxs} payout(s), ${formatMoney(f.ctrlSum, f.currency)}, cut-off ${f.cutOffAt}`).join("\n") : "No file due: no payout was sent to a bank_file connector before its latest cut-off without being exported.";
      return { json: { files: written }, text };
    },
  },

  "bankfile:import": {
    usage: "<file> (a bank's pain.002 or camt.054)",
    options: {},
    positionals: true,
    async run(_v, positionals = []) {
      if (positionals.length !== 1) throw new CliUsageError("give exactly one file: bankfile:import <file>");
      const file = positionals[0]!;
      let content: string;
      try {
        content = readFileSync(file, "utf8");
      } catch (err) {
        throw new CliUsageError(`${file} cannot be read (${(err as NodeJS.ErrnoException).code ?? (err as Error).name})`);
      }
      const summary = await importBankReport({ fileName: path.basename(file), content, actor: CLI_ACTOR });
      return { json: { import: summary }, text: describeImport(summary) };
    },
  },
};

function describeImport(s: ImportSummary): string {
  const lines = [`${s.fileName}: ${s.message} ${s.messageId}${s.duplicateOf ? ` — DUPLICATE of ${s.duplicateOf}, nothing applied` : ` (${s.importId})`}`, `  settled ${s.settled.length}, declined ${s.declined.length}, waiting ${s.waiting.length}, skipped ${s.skipped.length}`];
  for (const p of s.settled) lines.push(`  SUCCESS  ${p.transactionId} (${p.status})`);
  for (const p of s.declined) lines.push(`  DECLINED ${p.transactionId} (${p.status}) ${p.message}`);
  for (const p of s.waiting) lines.push(`  waiting  ${p.transactionId} (${p.status}: not final yet)`);
  for (const p of s.skipped) lines.push(`  skipped  ${p.endToEndId}: ${p.reason}`);
  return lines.join("\n");
}
