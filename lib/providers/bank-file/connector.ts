// The bank_file connector (SPEC §21): bank_transfer payouts paid by the
// platform's own bank from ISO 20022 files instead of a provider's API.
//
// There is no provider to call. "Sending" a payout to this connector means
// it waits, PROCESSING, for the next pain.001 file of its debtor account
// (lib/bank-files/export-bank-files.ts); the bank's answer arrives when an
// operator imports its pain.002 or camt.054 (lib/bank-files/import-bank-report.ts),
// which settles the payout through the same function as every provider's answer.
// So every method here answers from what it was given: a payout is pending
// under its own transaction id (the file's EndToEndId), and asking again
// stays pending until an import decides it. Nothing else is offered.
import type { ConnectorOptions, LiveConnector, MethodCapability, ProviderDispute } from "../live-connector";
import { ProviderCallError } from "../provider-error";
import type { PayoutInput, ProviderResult, StatusInput } from "../types";
import type { BankFileCredentials } from "./credentials";

/** Credit transfers in the currencies banks commonly accept in a pain.001 (the debtor account's own currency in practice). */
export const BANK_FILE_METHODS: readonly MethodCapability[] = [
  { type: "bank_transfer", name: "Bank transfer", actions: ["PAYOUT"], currencies: ["EUR", "GBP", "USD", "CHF", "SEK", "NOK", "DKK", "PLN", "CZK", "HUF", "RON"], requiresRedirect: false },
];

/**
 * How long the payout pipeline waits before looking again: the answer comes
 * from an import, not from asking, so looking only guards against a job
 * that outlives its payout.
 */
const LOOK_AGAIN_MS = 6 * 3_600_000;

function unsupported(operation: string): never {
  throw new ProviderCallError("not_taken", "unsupported", false, `A bank_file connector pays out bank transfers only; it cannot ${operation}`);
}

export function createBankFileConnector(credentials: BankFileCredentials, _options: ConnectorOptions): LiveConnector {
  return {
    name: "bank_file",

    async payout({ transactionId, method, destination }: PayoutInput): Promise<ProviderResult> {
      // Checked at creation (parse-payout-destination.ts); a row that lacks them could never be written into a file.
      if (method !== "bank_transfer" || typeof destination.iban !== "string" || typeof destination.accountHolderName !== "string") {
        return { status: "declined", code: "provider_rejected", message: "A bank file pays bank transfers to an IBAN with an account holder's name only." };
      }
      return { status: "pending", providerRef: transactionId, retryAfterMs: LOOK_AGAIN_MS };
    },

    async status({ providerRef, kind }: StatusInput): Promise<ProviderResult> {
      if (kind !== "payout" || !providerRef) unsupported(`report on a ${kind}`);
      return { status: "pending", providerRef, retryAfterMs: LOOK_AGAIN_MS };
    },

    async test(): Promise<string> {
      return `Files pay from ${credentials.debtorName} (IBAN …${credentials.debtorIban.slice(-4)}, BIC ${credentials.debtorBic}); each day's file closes at ${credentials.cutOffTime} UTC. No bank is called: the files are exchanged by the operator.`;
    },

    authorize: async () => unsupported("take payments"),
    confirmAction: async () => unsupported("take payments"),
    capture: async () => unsupported("capture"),
    release: async () => unsupported("release holds"),
    refund: async () => unsupported("refund"),
    dispute: async (): Promise<ProviderDispute> => unsupported("report disputes"),
  };
}
