// Operators turn the platform's two-factor policy on or off (two-factor-
// policy.ts), with a reason, audited platform-wide. Turning it on takes effect
// at each affected person's next request: they are taken to the set-up page
// before anything in production (app/backoffice/_server/session.ts), and
// every production write of theirs is refused until then (lib/backoffice/authz.ts).
import { writeAudit } from "@/lib/audit/write-audit";
import { db } from "@/lib/db";
import { AppError, invalid } from "@/lib/errors";
import { requireStaffUser, type StaffActor } from "./staff-user";
import { getTwoFactorPolicy, PLATFORM_SETTING_ID, type TwoFactorPolicy } from "./two-factor-policy";

export interface SetTwoFactorPolicyOptions {
  actor: StaffActor;
  requiredForMerchantAdmins: boolean;
  reason: string;
}

export async function setTwoFactorPolicy({ actor, requiredForMerchantAdmins, reason }: SetTwoFactorPolicyOptions): Promise<TwoFactorPolicy> {
  const user = await requireStaffUser(actor);
  if (!user.isOperator || !user.totpEnabled) throw new AppError("insufficient_permissions", "Only platform operators with two-factor authentication change platform settings");
  const why = reason.trim();
  if (why.length < 3 || why.length > 500) throw invalid("Say why (3 to 500 characters): it goes into the audit log", "reason");
  return db.$transaction(async (tx) => {
    const before = await getTwoFactorPolicy(tx);
    const row = await tx.platformSetting.upsert({
      where: { id: PLATFORM_SETTING_ID },
      create: { id: PLATFORM_SETTING_ID, requireTwoFactorForMerchantAdmins: requiredForMerchantAdmins, updatedById: user.id },
      update: { requireTwoFactorForMerchantAdmins: requiredForMerchantAdmins, updatedById: user.id },
    });
    await writeAudit(
      {
        action: "platform.two_factor_policy_updated",
        actorType: "user",
        actorId: user.id,
        actorEmail: user.email,
        targetType: "platform_setting",
        targetId: PLATFORM_SETTING_ID,
        reason: why,
        details: { before: { requiredForMerchantAdmins: before.requiredForMerchantAdmins }, after: { requiredForMerchantAdmins } },
        ip: actor.ip ?? null,
      },
      tx,
    );
    return { requiredForMerchantAdmins: row.requireTwoFactorForMerchantAdmins, updatedAt: row.updatedAt };
  });
}
