// The audit log page (SPEC §13): OWNER and ADMIN read their merchant's
// entries; operators read any merchant's, or the whole platform's (sign-ins
// of people without a membership, platform actions). Newest first, cursor
// pages over the (merchantId, createdAt, id) and (createdAt, id) indexes.
import { dbReplica } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { assertCan, assertOperator, type MerchantAccess } from "../authz";
import type { StaffUser } from "@/lib/auth/staff-user";
import { decodeCursor, NEWEST_FIRST, olderThan, type Page, PAGE_SIZE, toPage } from "../cursor";

type AuditScope = { merchant: MerchantAccess } | { platform: StaffUser };

export interface AuditLogQuery {
  scope: AuditScope;
  /** Exact action (`api_key.created`) or a family prefix ending in a dot (`auth.`). */
  action?: string | null;
  cursor?: string | null;
  limit?: number;
}

const SELECT = {
  id: true,
  merchantId: true,
  environment: true,
  actorType: true,
  actorEmail: true,
  action: true,
  targetType: true,
  targetId: true,
  reason: true,
  details: true,
  ip: true,
  createdAt: true,
  merchant: { select: { name: true } },
} as const;

export type AuditLogRow = Prisma.AuditLogGetPayload<{ select: typeof SELECT }>;

export async function listAuditLog({ scope, action, cursor, limit = PAGE_SIZE }: AuditLogQuery): Promise<Page<AuditLogRow>> {
  let where: Prisma.AuditLogWhereInput;
  if ("merchant" in scope) {
    assertCan(scope.merchant, "audit.view");
    where = { merchantId: scope.merchant.merchant.id };
  } else {
    assertOperator(scope.platform);
    where = {};
  }
  const filter = action?.trim().slice(0, 100);
  if (filter) where.action = filter.endsWith(".") ? { startsWith: filter } : filter;
  const rows = await dbReplica.auditLog.findMany({ where: { ...where, ...olderThan(decodeCursor(cursor)) }, select: SELECT, orderBy: NEWEST_FIRST, take: limit + 1 });
  return toPage(rows, limit);
}

/** Suggestions for the action filter; the log may hold others (any prefix works). */
export const AUDIT_ACTION_FAMILIES = ["auth.", "api_key.", "webhook_signing_key.", "webhook.", "member.", "invitation.", "merchant.", "merchant_settings.", "payment_method."] as const;
