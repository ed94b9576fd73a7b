// Fixed seeds for the fault scenarios: clients' choices (keys, buyers, retry
// jitter) come from a seeded generator, so a run can be repeated with the
// same inputs (FAULT_SEED=<n>; printed with each scenario's figures). The
// faults' timing still depends on the machine; the inputs do not.
export const FAULT_SEED = Number(process.env.FAULT_SEED ?? 20261124);

/** mulberry32: small, fast, good enough to pick test inputs. */
export function seededRandom(seed = FAULT_SEED): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A UUID v4-shaped key drawn from `random` (Idempotency-Keys, order ids). */
export function seededUuid(random: () => number): string {
  const hex = Array.from({ length: 32 }, () => Math.floor(random() * 16).toString(16));
  hex[12] = "4";
  hex[16] = "89ab"[Math.floor(random() * 4)]!;
  const h = hex.join("");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
