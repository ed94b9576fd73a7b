// Operators activate or deactivate a merchant (SPEC §13). A deactivated
// merchant's API writes answer 403 (SPEC §2); its staff can still sign in and look.
import { z } from "zod";
import { writeAudit } from "@/lib/audit/write-audit";
import { db } from "@/lib/db";
import { changeMerchantActive } from "@/lib/merchants/set-merchant-active";
import { auditActor } from "../audit-actor";
import { assertOperator } from "../authz";
import type { StaffUser } from "@/lib/auth/staff-user";
import { parseInput } from "@/lib/schema/parse-input";

const ZSetMerchantActiveInput = z
  .object({
    merchantId: z.string().min(1).max(100),
    active: z.enum(["true", "false"]).transform((v) => v === "true"),
    reason: z.string().trim().max(500, "reason must be at most 500 characters").default(""),
  })
  .refine((v) => v.active || v.reason.length > 0, { message: "reason is required to deactivate a merchant", path: ["reason"] });

export async function setMerchantActive({ actor, input, ip = null }: { actor: StaffUser; input: unknown; ip?: string | null }): Promise<{ changed: boolean }> {
  assertOperator(actor);
  const { merchantId, active, reason } = parseInput(ZSetMerchantActiveInput, input);
  return db.$transaction(async (tx) => {
    if (!(await changeMerchantActive({ merchantId, active, tx }))) return { changed: false };
    await writeAudit({ ...auditActor(actor, ip), action: active ? "merchant.activated" : "merchant.deactivated", merchantId, targetType: "merchant", targetId: merchantId, reason: reason || undefined }, tx);
    return { changed: true };
  });
}
