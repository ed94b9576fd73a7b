// Screening (SPEC §7), run by the worker shortly after creation, never in
// the request. A PAYOUT is held at or above reviewThreshold, when its
// customer made more than velocityLimit payouts within the hour up to it, or
// when the customer matches the screening list; a SALE above the merchant's
// saleReviewThreshold (off when null). Deterministic for a given transaction
// (the velocity window ends at its own createdAt), so screening again after a
// worker crash gives the same answer.
import { db } from "@/lib/db";
import type { Transaction } from "@/lib/generated/prisma/client";
import { formatHoldReason, type HoldOrigin } from "./hold-reason";

export type Screening = { hold: false } | { hold: true; origin: HoldOrigin; holdReason: string; requiredApprovals: number };

const HOUR_MS = 3_600_000;

interface CustomerView {
  email?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  country?: string | null;
}

/** Everything screening reads but the list itself (see screeningFacts). */
interface ScreeningFacts {
  reviewThreshold: bigint;
  velocityLimit: number;
  saleReviewThreshold: bigint | null;
  dualApprovalThreshold: bigint;
  /** The customer's payouts within the hour up to this one (this one included); 0 for a sale. */
  recent: number;
  /** The stored customer, when the transaction has one. */
  stored: CustomerView | null;
  /** Whether any screening-list entry applies to this merchant and environment at all. */
  hasList: boolean;
}

/**
 * The merchant's risk settings, the customer's payouts of the hour, the
 * stored customer and whether a screening list applies, in one statement
 * (issue #28: one round trip, not four, on every payout).
 */
async function screeningFacts(t: Transaction): Promise<ScreeningFacts> {
  const payout = t.action === "PAYOUT";
  const [row] = await db.$queryRaw<(Omit<ScreeningFacts, "stored"> & { hasCustomer: boolean; email: string | null; firstName: string | null; lastName: string | null; country: string | null })[]>`
    SELECT s."reviewThreshold", s."velocityLimit", s."saleReviewThreshold", s."dualApprovalThreshold",
      CASE WHEN ${payout} THEN (
        SELECT count(*) FROM "Transaction" x
        WHERE x."merchantId" = ${t.merchantId} AND x.environment = ${t.environment}::"Environment" AND x."buyerId" = ${t.buyerId} AND x.action = 'PAYOUT'
          AND x."createdAt" > ${new Date(t.createdAt.getTime() - HOUR_MS)} AND x."createdAt" <= ${t.createdAt})::int ELSE 0 END AS recent,
      c.id IS NOT NULL AS "hasCustomer", c.email, c."firstName", c."lastName", c.country,
      EXISTS (SELECT 1 FROM "ScreeningEntry" e WHERE (e."merchantId" IS NULL OR e."merchantId" = ${t.merchantId}) AND (e.environment IS NULL OR e.environment = ${t.environment}::"Environment")) AS "hasList"
    FROM "MerchantSettings" s LEFT JOIN "Customer" c ON c.id = ${t.customerId}
    WHERE s."merchantId" = ${t.merchantId} AND s.environment = ${t.environment}::"Environment"`;
  if (!row) throw new Error(`No risk settings for merchant ${t.merchantId} (${t.environment})`);
  const { hasCustomer, email, firstName, lastName, country, ...facts } = row;
  return { ...facts, stored: hasCustomer ? { email, firstName, lastName, country } : null };
}

const norm = (v: string | null | undefined) => (v ?? "").trim().toLowerCase().replace(/\s+/g, " ");

/** Screening-list entries (platform-wide and the merchant's own) this customer matches. */
async function screeningMatches(t: Transaction, stored: CustomerView | null) {
  const sent = (t.customerDetails ?? {}) as CustomerView;
  const email = norm(sent.email ?? stored?.email);
  const name = norm(`${sent.firstName ?? stored?.firstName ?? ""} ${sent.lastName ?? stored?.lastName ?? ""}`);
  const country = norm(sent.country ?? stored?.country);
  const candidates = [
    { field: "buyerId", value: norm(t.buyerId) },
    { field: "email", value: email },
    { field: "name", value: name },
    { field: "country", value: country },
  ].filter((c) => c.value !== "");
  const entries = await db.screeningEntry.findMany({
    where: {
      AND: [
        { OR: [{ merchantId: null }, { merchantId: t.merchantId }] },
        { OR: [{ environment: null }, { environment: t.environment }] },
        { OR: candidates.map((c) => ({ field: c.field, value: { equals: c.value, mode: "insensitive" as const } })) },
      ],
    },
  });
  return entries;
}

export async function screenTransaction({ transaction: t }: { transaction: Transaction }): Promise<Screening> {
  const settings = await screeningFacts(t);
  const platform: string[] = [];
  const merchant: string[] = [];

  if (t.action === "PAYOUT") {
    if (t.amount >= settings.reviewThreshold) platform.push(`amount ${t.amount} at or above the review threshold ${settings.reviewThreshold}`);
    const recent = settings.recent;
    // velocityLimit is the merchant's own setting (Settings → Risk), so its holds are the merchant's to decide.
    if (recent > settings.velocityLimit) merchant.push(`${recent} payouts by this customer within an hour (velocity limit ${settings.velocityLimit})`);
    // No list applies to this merchant: nothing to match.
    for (const e of settings.hasList ? await screeningMatches(t, settings.stored) : []) {
      const text = `customer ${e.field} matches the screening list${e.reason ? ` (${e.reason})` : ""}`;
      (e.merchantId === null ? platform : merchant).push(text);
    }
  } else if ((t.action === "SALE" || t.action === "AUTHORIZE") && settings.saleReviewThreshold !== null && t.amount > settings.saleReviewThreshold) {
    merchant.push(`amount ${t.amount} above the sale review threshold ${settings.saleReviewThreshold}`);
  }

  if (platform.length === 0 && merchant.length === 0) return { hold: false };
  // A hold with any platform reason is the operators' to decide, whatever the merchant's rules add.
  const origin: HoldOrigin = platform.length > 0 ? "screening" : "merchant_rule";
  const requiredApprovals = t.action === "PAYOUT" && t.amount > settings.dualApprovalThreshold ? 2 : 1;
  return { hold: true, origin, holdReason: formatHoldReason(origin, [...platform, ...merchant]), requiredApprovals };
}
