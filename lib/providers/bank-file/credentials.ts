// What an operator enters for a bank_file connector (SPEC §21): not secrets
// but the platform's own bank account that the payouts are paid from — the
// pain.001 debtor — and the bank's daily cut-off. Stored sealed like every
// connector's credentials all the same: an account number is personal data
// at rest, and one shape for every connector keeps rotation and hints alike.
import { electronicFormatIBAN, isValidBIC, isValidIBAN } from "ibantools";
import { z } from "zod";
import type { Environment } from "@/lib/generated/prisma/enums";

export const BANK_FILE_CREDENTIAL_FIELDS = ["debtorName", "debtorIban", "debtorBic", "cutOffTime"] as const;

// pain.001's Max70Text as the EPC rulebook limits a name; only characters every bank's SEPA charset takes.
const NAME = /^[A-Za-z0-9/\-?:().,'+ ]{1,70}$/;

// The environment does not change what a bank account looks like; a sandbox bank_file connector
// writes files for a bank's test channel the same way.
export function bankFileCredentials(_environment: Environment) {
  return z
    .object({
      debtorName: z.string().trim().regex(NAME, "debtorName must be 1-70 letters, digits, spaces or / - ? : ( ) . , ' +"),
      debtorIban: z
        .string()
        .transform((v) => electronicFormatIBAN(v) ?? "")
        .refine(isValidIBAN, "debtorIban must be a valid IBAN (country code, length and check digits)"),
      debtorBic: z
        .string()
        .trim()
        .toUpperCase()
        .refine(isValidBIC, "debtorBic must be a BIC of 8 or 11 characters"),
      cutOffTime: z
        .string()
        .trim()
        .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "cutOffTime must be the bank's daily cut-off as HH:MM in UTC, e.g. 14:00"),
    })
    .strict();
}

export type BankFileCredentials = z.infer<ReturnType<typeof bankFileCredentials>>;
