// Transaction.holdReason records why a transaction waits for approval and,
// in its prefix, whose rule held it — which decides who may approve (SPEC §7):
//   "screening: …"      platform screening (review threshold, platform
//                       screening list) → platform OPERATORs;
//   "merchant_rule: …"  the merchant's own rules (velocity limit, sale review
//                       threshold, the merchant's screening entries) → the
//                       merchant's ADMIN or OWNER.
const HOLD_ORIGINS = ["screening", "merchant_rule"] as const;
export type HoldOrigin = (typeof HOLD_ORIGINS)[number];

export function formatHoldReason(origin: HoldOrigin, reasons: string[]): string {
  return `${origin}: ${reasons.join("; ")}`;
}

export function holdOrigin(holdReason: string | null | undefined): HoldOrigin | null {
  const prefix = holdReason?.split(":", 1)[0];
  return HOLD_ORIGINS.find((o) => o === prefix) ?? null;
}
