// What the customer is told to pay to, for methods where they send the money
// themselves. These are the sandbox simulator's collection details: a test
// IBAN and a testnet deposit address, derived from the transaction id so they
// are stable across page views. The reference and the address identify the
// payment, as a real provider's would.
import { createHash } from "node:crypto";
import { minorDigits } from "@/lib/schema/currencies";
import { SANDBOX_CRYPTO_QUOTE, VALID_TEST_IBANS } from "@/lib/providers/sandbox/test-values";

export interface BankTransferInstructions {
  beneficiary: string;
  iban: string;
  bic: string;
  reference: string;
}

export interface CryptoInstructions {
  network: string;
  address: string;
  /** What to send in the network's coin, e.g. "0.00026250 tBTC"; null for a currency without a quote. */
  cryptoAmount: string | null;
  /** The quote it was worked out at, e.g. "1 tBTC = 40000.00 GBP". */
  rate: string | null;
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

/** Decimal text of an integer of minor units: 1050 with 2 digits → "10.50" (never floats). */
function decimal(amount: bigint, digits: number): string {
  if (digits === 0) return amount.toString();
  const s = amount.toString().padStart(digits + 1, "0");
  return `${s.slice(0, -digits)}.${s.slice(-digits)}`;
}

export function cryptoInstructions(transactionId: string, amount: bigint, currency: string): CryptoInstructions {
  const address = `tsl1q${[...digest(transactionId, "address").subarray(0, 38)].map((b) => BECH32[b % 32]).join("")}`;
  const { asset, decimals, coinPrice } = SANDBOX_CRYPTO_QUOTE;
  const price = coinPrice[currency];
  if (!price) return { network: "Sluice testnet", address, cryptoAmount: null, rate: null, uri: `sluice-testnet:${address}?amount=${decimal(amount, minorDigits(currency))}&currency=${currency}` };
  // Coin units (10^-decimals) for `amount` minor units, rounded up so the merchant is never paid short.
  const units = (amount * 10n ** BigInt(decimals) + price - 1n) / price;
  const coins = decimal(units, decimals);
  return {
    network: "Sluice testnet",
    address,
    cryptoAmount: `${coins} ${asset}`,
    rate: `1 ${asset} = ${decimal(price, minorDigits(currency))} ${currency}`,
    uri: `sluice-testnet:${address}?amount=${coins}&asset=${asset}`,
  };
}
