// Resetting someone's two-factor authentication (SPEC §20): today a lost phone
// locks a person out for good. A platform operator may reset anyone's; a
// merchant's OWNER may reset their own staff's — but only people who work for
// no other merchant and are not operators, since the second factor belongs to
// the person, not to one merchant. Never one's own (a stolen session must not
// be able to strip its victim's second factor), always with a reason and the
// actor's password (and code), always audited. The person's sessions end at
// once; at their next sign-in they set up a new authenticator (operators must).
import { z } from "zod";
import { resetTotp } from "@/lib/auth/reset-totp";
import { reauthenticate } from "@/lib/auth/reauthenticate";
import { writeAudit } from "@/lib/audit/write-audit";
import { db } from "@/lib/db";
import { AppError, invalid, notFound } from "@/lib/errors";
import { auditActor } from "../audit-actor";
import { assertActive, getMerchantAccess, memberRole } from "../authz";
import type { StaffUser } from "@/lib/auth/staff-user";
import { parseInput } from "@/lib/schema/parse-input";

const ZResetTwoFactorInput = z.object({
  userId: z.string().min(1).max(100),
  reason: z.string().trim().min(3, "Say why (at least 3 characters): it goes into the audit log").max(500, "reason must be at most 500 characters"),
  password: z.string().max(1024).optional(),
  code: z.string().max(16).optional(),
});

export async function resetTwoFactor({ actor, merchantId, input, ip = null }: { actor: StaffUser; merchantId: string; input: unknown; ip?: string | null }): Promise<void> {
  assertActive(actor);
  // Outside the actor's merchants: not found, as everywhere in the back office.
  const access = await getMerchantAccess({ actor, merchantId });
  if (!actor.isOperator && memberRole(access) !== "OWNER") {
    throw new AppError("insufficient_permissions", "Only an owner or a platform operator can reset someone's two-factor authentication");
  }
  const data = parseInput(ZResetTwoFactorInput, input);
  if (data.userId === actor.id) throw invalid("You cannot reset your own two-factor authentication: ask an owner or a platform operator", "userId");
  const target = await db.user.findUnique({
    where: { id: data.userId },
    select: { id: true, email: true, platformRole: true, totpEnabledAt: true, totpSecretEncrypted: true, memberships: { select: { merchantId: true } } },
  });
  if (!target || !target.memberships.some((m) => m.merchantId === merchantId)) throw notFound("Team member not found");
  if (!actor.isOperator && (target.platformRole === "OPERATOR" || target.memberships.some((m) => m.merchantId !== merchantId))) {
    throw new AppError("insufficient_permissions", "This person also works outside this merchant: a platform operator must reset their two-factor authentication");
  }
  if (!target.totpEnabledAt) throw invalid("Two-factor authentication is already off for this person", "userId");
  await reauthenticate({ userId: actor.id, password: data.password, code: data.code, ip });

  await db.$transaction(async (tx) => {
    await resetTotp({ userId: target.id, tx });
    await writeAudit(
      { ...auditActor(actor, ip), action: "auth.totp_reset", merchantId, targetType: "user", targetId: target.id, reason: data.reason, details: { email: target.email } },
      tx,
    );
  });
}
