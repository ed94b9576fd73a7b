// Identifiers and secrets: a prefix plus random base62 (SPEC §3). Rejection
// sampling keeps every character equally likely (no modulo bias), which
// matters for API keys and checkout tokens.
import { randomBytes } from "node:crypto";

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

export function randomBase62(length: number): string {
  let out = "";
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248) out += ALPHABET[byte % 62]; // 248 = 4 * 62
      if (out.length === length) break;
    }
  }
  return out;
}

const ID_PREFIX = {
  merchant: "mr_",
  transaction: "tx_",
  cardMethod: "cr_",
  method: "pm_",
  event: "evt_",
  customer: "cus_",
  apiKey: "key_",
  user: "usr_",
  membership: "mem_",
  invitation: "inv_",
  audit: "aud_",
  history: "the_",
  approval: "apr_",
  ledgerAccount: "la_",
  ledgerEntry: "le_",
  journal: "jr_",
  idempotency: "idk_",
  attempt: "wa_",
  signingKey: "wsk_",
  webhookEndpoint: "we_",
  settings: "mst_",
  kyc: "kyc_",
  screening: "scr_",
  request: "req_",
  recoveryCode: "rcv_",
  connector: "cn_",
  paymentRoute: "rt_",
  paymentAttempt: "pa_",
  providerEvent: "pev_",
  bankFile: "bf_",
  bankFileImport: "bfi_",
} as const;

export type IdKind = keyof typeof ID_PREFIX;

/** 24 base62 characters ≈ 143 bits: unguessable and collision-free in practice. */
export function newId(kind: IdKind): string {
  return ID_PREFIX[kind] + randomBase62(24);
}

/** Checkout and verification tokens: 32 base62 characters ≈ 190 bits (SPEC §12 asks ≥ 128). */
export function newToken(): string {
  return randomBase62(32);
}
