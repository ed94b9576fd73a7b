// What the customer is told to pay to, for methods where they send the money
// themselves. These are the sandbox simulator's collection details: a test
// IBAN and a testnet deposit address, derived from the transaction id so they
// are stable across page views. The reference and the address identify the
// payment, as a real provider's would.
import { createHash } from "node:crypto";
import { minorDigits } from "@/lib/schema/currencies";
import { VALID_TEST_IBANS } from "@/lib/providers/sandbox/test-values";

export interface BankTransferInstructions {
  beneficiary: string;
  iban: string;
  bic: string;
  reference: string;
}

export interface CryptoInstructions {
  network: string;
  address: string;
  /** Payment URI encoded in the QR code. */
  uri: string;
}

const BECH32 = "qpzry9x8gf2tvdw0s3jn54khce6mua7l";

/** 64 bytes derived from the transaction id: enough for a reference or an address. */
function digest(transactionId: string, purpose: string): Buffer {
  return createHash("sha512").update(`${purpose}:${transactionId}`).digest();
}

/** "DE89370400440532013000" → "DE89 3704 0044 0532 0130 00", as banks print it. */
function groupIban(iban: string): string {
  return iban.replace(/(.{4})(?=.)/g, "$1 ");
}

export function bankTransferInstructions(transactionId: string): BankTransferInstructions {
  const code = [...digest(transactionId, "reference").subarray(0, 10)].map((b) => "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"[b % 32]).join("");
  return { beneficiary: "Sluice Sandbox Payments", iban: groupIban(VALID_TEST_IBANS[0]!), bic: "COBADEFFXXX", reference: `SLC-${code}` };
}

/** Decimal amount for a payment URI: integer minor units → "10.50" (never floats). */
function decimalAmount(amount: bigint, currency: string): string {
  const digits = minorDigits(currency);
  if (digits === 0) return amount.toString();
  const s = amount.toString().padStart(digits + 1, "0");
  return `${s.slice(0, -digits)}.${s.slice(-digits)}`;
}

export function cryptoInstructions(transactionId: string, amount: bigint, currency: string): CryptoInstructions {
  const address = `tsl1q${[...digest(transactionId, "address").subarray(0, 38)].map((b) => BECH32[b % 32]).join("")}`;
  return { network: "Sluice testnet", address, uri: `sluice-testnet:${address}?amount=${decimalAmount(amount, currency)}&currency=${currency}` };
}
