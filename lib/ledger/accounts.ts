import type { Environment, LedgerAccountType } from "@/lib/generated/prisma/enums";

/**
 * A ledger account, named by what it is rather than by a row id. `provider`
 * is the simulator ("sandbox") or one connector (cn_…, SPEC §21): the funds
 * held at that account of that provider; `provider_fees` what that connector
 * charged the platform (its fees, as the provider reported them).
 */
export type AccountRef =
  | { type: "available" | "reserved" | "fees"; merchantId: string }
  | { type: "provider" | "provider_fees"; provider: string };

/** Deterministic account key, so postings never need a lookup first. */
export function accountKey(ref: AccountRef, environment: Environment, currency: string): string {
  switch (ref.type) {
    case "provider":
      return `provider:${ref.provider}:${environment}:${currency}`;
    case "provider_fees":
      return `provider:${ref.provider}:${environment}:${currency}:fees`;
    default:
      return `${ref.merchantId}:${environment}:${currency}:${ref.type}`;
  }
}

export function accountType(ref: AccountRef): LedgerAccountType {
  return ref.type === "provider_fees" ? "fees" : ref.type;
}

/** The provider (simulator or connector) an external account belongs to, or null for a merchant's account. */
export function accountProvider(ref: AccountRef): string | null {
  return ref.type === "provider" || ref.type === "provider_fees" ? ref.provider : null;
}
