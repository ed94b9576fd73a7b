// Platform → Security (operators): the two-factor policy for merchant owners
// and admins, and how many of them it would stop in production today. The
// change itself is lib/auth/set-two-factor-policy.ts.
import { z } from "zod";
import { setTwoFactorPolicy } from "@/lib/auth/set-two-factor-policy";
import type { StaffUser } from "@/lib/auth/staff-user";
import { getTwoFactorPolicy } from "@/lib/auth/two-factor-policy";
import { db } from "@/lib/db";
import { parseInput } from "@/lib/schema/parse-input";
import { assertOperator } from "../authz";

export async function getTwoFactorPolicyPage({ actor }: { actor: StaffUser }) {
  assertOperator(actor);
  const [policy, withoutTotp] = await Promise.all([
    getTwoFactorPolicy(),
    db.user.count({ where: { isActive: true, totpEnabledAt: null, memberships: { some: { role: { in: ["OWNER", "ADMIN"] } } } } }),
  ]);
  return { policy, ownersAndAdminsWithoutTotp: withoutTotp };
}

const ZPolicyForm = z.object({
  /** A checkbox: present ("on") when ticked, absent otherwise. */
  requireTwoFactorForMerchantAdmins: z.literal("on").optional(),
  reason: z.string().max(500, "reason must be at most 500 characters").default(""),
});

export async function updateTwoFactorPolicy({ actor, input, ip = null }: { actor: StaffUser; input: unknown; ip?: string | null }) {
  assertOperator(actor);
  const form = parseInput(ZPolicyForm, input);
  return setTwoFactorPolicy({ actor: { userId: actor.id, ip }, requiredForMerchantAdmins: form.requireTwoFactorForMerchantAdmins === "on", reason: form.reason });
}
