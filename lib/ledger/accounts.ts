import type { Environment, LedgerAccountType } from "@/lib/generated/prisma/enums";

/** A ledger account, named by what it is rather than by a row id. */
export type AccountRef =
  | { type: "available" | "reserved" | "fees"; merchantId: string }
  | { type: "provider"; provider: string };

/** Deterministic account key, so postings never need a lookup first. */
export function accountKey(ref: AccountRef, environment: Environment, currency: string): string {
  return ref.type === "provider"
    ? `provider:${ref.provider}:${environment}:${currency}`
    : `${ref.merchantId}:${environment}:${currency}:${ref.type}`;
}

export function accountType(ref: AccountRef): LedgerAccountType {
  return ref.type;
}
