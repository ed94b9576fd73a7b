// Adds an entry to the screening list (SPEC §7). A platform-wide entry
// (merchantId null) is an operator's; a merchant's own entry is its ADMIN's
// or OWNER's, and the holds it causes are theirs to decide (hold-reason.ts).
import { requireStaffUser, type StaffActor } from "@/lib/auth/staff-user";
import { writeAudit } from "@/lib/audit/write-audit";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import type { Environment } from "@/lib/generated/prisma/enums";
import { newId } from "@/lib/ids";

export const SCREENING_FIELDS = ["email", "name", "buyerId", "country"] as const;
export type ScreeningField = (typeof SCREENING_FIELDS)[number];

export interface AddScreeningEntryOptions {
  actor: StaffActor;
  /** null: platform-wide (operators only). */
  merchantId: string | null;
  /** null: both environments. */
  environment: Environment | null;
  field: ScreeningField;
  value: string;
  reason?: string;
}

export async function addScreeningEntry({ actor, merchantId, environment, field, value, reason = "" }: AddScreeningEntryOptions) {
  const user = await requireStaffUser(actor);
  const allowed = merchantId === null ? user.isOperator : user.memberships.some((m) => m.merchantId === merchantId && (m.role === "ADMIN" || m.role === "OWNER"));
  if (!allowed) throw new AppError("insufficient_permissions", merchantId === null ? "Only platform operators can add platform-wide screening entries" : "Only an ADMIN or OWNER of the merchant can add its screening entries");
  if (!SCREENING_FIELDS.includes(field)) throw new AppError("invalid_request", `field must be one of ${SCREENING_FIELDS.join(", ")}`, { param: "field" });
  const normalised = value.trim().replace(/\s+/g, " ");
  if (normalised.length === 0 || normalised.length > 254) throw new AppError("invalid_request", "value must be 1 to 254 characters", { param: "value" });
  return db.$transaction(async (tx) => {
    const entry = await tx.screeningEntry.create({ data: { id: newId("screening"), merchantId, environment, field, value: normalised, reason: reason.trim() } });
    await writeAudit({ action: "screening_entry.added", actorType: "user", actorId: user.id, actorEmail: user.email, merchantId, environment, targetType: "screening_entry", targetId: entry.id, reason: reason.trim() || undefined, details: { field, value: normalised }, ip: actor.ip ?? null }, tx);
    return entry;
  });
}
