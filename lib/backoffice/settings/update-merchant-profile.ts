// Settings → Profile: the merchant's display name (shown on the checkout and
// in GET /v1/merchants/me) and domain.
import { z } from "zod";
import { writeAudit } from "@/lib/audit/write-audit";
import { db } from "@/lib/db";
import { saveMerchantProfile } from "@/lib/merchants/update-merchant-profile";
import { auditActor } from "../audit-actor";
import { authorize } from "../authz";
import type { StaffUser } from "@/lib/auth/staff-user";
import { parseInput } from "@/lib/schema/parse-input";

const ZMerchantProfileInput = z.object({
  name: z.string().trim().min(1, "name is required").max(200, "name must be at most 200 characters"),
  domain: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^(?=.{1,253}$)[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/, "domain must be a host name such as shop.example.com"),
});

export async function updateMerchantProfile({ actor, merchantId, input, ip = null }: { actor: StaffUser; merchantId: string; input: unknown; ip?: string | null }): Promise<void> {
  const access = await authorize({ actor, merchantId, permission: "settings.manage" });
  const data = parseInput(ZMerchantProfileInput, input);
  const before = { name: access.merchant.name, domain: access.merchant.domain };
  await db.$transaction(async (tx) => {
    await saveMerchantProfile({ merchantId, profile: data, tx });
    await writeAudit({ ...auditActor(actor, ip), action: "merchant.profile_updated", merchantId, targetType: "merchant", targetId: merchantId, details: { before, after: data } }, tx);
  });
}
