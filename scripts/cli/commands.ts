// The CLI's command table. Add a command here: flags, usage, and a run()
// that calls a domain function in lib/ and returns what to print.
import { createApiKey } from "../../lib/api-keys/create-api-key";
import { db } from "../../lib/db";
import type { Environment, KeyScope } from "../../lib/generated/prisma/enums";
import { checkLedger } from "../../lib/ledger/check-ledger";
import { creditTestFunds } from "../../lib/ledger/credit-test-funds";
import { createMerchant } from "../../lib/merchants/create-merchant";
import { setRateLimits } from "../../lib/merchants/set-rate-limits";
import { isCurrency } from "../../lib/money/currencies";
import { createOperator } from "../../lib/users/create-user";

type Values = Record<string, string | boolean | undefined>;
type OptionSpec = Record<string, { type: "string" | "boolean" }>;

export interface CommandResult {
  json: unknown;
  text: string;
  exitCode?: number;
}

export interface Command {
  usage: string;
  options: OptionSpec;
  run: (values: Values) => Promise<CommandResult>;
}

export class CliUsageError extends Error {
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
};
