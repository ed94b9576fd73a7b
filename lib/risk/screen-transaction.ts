// Screening (SPEC §7), run by the worker shortly after creation, never in
// the request. A PAYOUT is held at or above reviewThreshold, when its
// customer made more than velocityLimit payouts within the hour up to it, or
// when the customer matches the screening list; a SALE above the merchant's
// saleReviewThreshold (off when null). Deterministic for a given transaction
// (the velocity window ends at its own createdAt), so screening again after a
// worker crash gives the same answer.
import { db } from "@/lib/db";
import type { Transaction } from "@/lib/generated/prisma/client";
import { getRiskSettings } from "@/lib/merchants/get-risk-settings";
import { formatHoldReason, type HoldOrigin } from "./hold-reason";

export type Screening = { hold: false } | { hold: true; origin: HoldOrigin; holdReason: string; requiredApprovals: number };

const HOUR_MS = 3_600_000;

interface CustomerView {
  email?: string;
  firstName?: string;
  lastName?: string;
  country?: string;
}

const norm = (v: string | null | undefined) => (v ?? "").trim().toLowerCase().replace(/\s+/g, " ");

/** Screening-list entries (platform-wide and the merchant's own) this customer matches. */
async function screeningMatches(t: Transaction) {
  const stored = t.customerId ? await db.customer.findUnique({ where: { id: t.customerId } }) : null;
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
  const settings = await getRiskSettings({ merchantId: t.merchantId, environment: t.environment });
  const platform: string[] = [];
  const merchant: string[] = [];

  if (t.action === "PAYOUT") {
    if (t.amount >= settings.reviewThreshold) platform.push(`amount ${t.amount} at or above the review threshold ${settings.reviewThreshold}`);
    const recent = await db.transaction.count({
      where: { merchantId: t.merchantId, environment: t.environment, buyerId: t.buyerId, action: "PAYOUT", createdAt: { gt: new Date(t.createdAt.getTime() - HOUR_MS), lte: t.createdAt } },
    });
    // velocityLimit is the merchant's own setting (Settings → Risk), so its holds are the merchant's to decide.
    if (recent > settings.velocityLimit) merchant.push(`${recent} payouts by this customer within an hour (velocity limit ${settings.velocityLimit})`);
    for (const e of await screeningMatches(t)) {
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
