// The Approvals page (SPEC §13): held transactions this person may decide,
// oldest first. On a merchant's page: that merchant's holds (an ADMIN or
// OWNER sees the merchant's own rules, an operator the screening holds). On
// the platform page: operators see the screening holds of every merchant.
// The visibility rules themselves are listHeldTransactions'.
import type { Environment } from "@/lib/generated/prisma/enums";
import { listHeldTransactions } from "@/lib/approvals/list-held-transactions";
import { assertCan, assertOperator, type MerchantAccess } from "../authz";
import type { StaffUser } from "@/lib/auth/staff-user";

export type ApprovalScope = { merchant: MerchantAccess } | { platform: StaffUser };

const TX_ID = /^tx_[0-9A-Za-z]{10,40}$/;

export async function listApprovalQueue({ scope, environment, cursor }: { scope: ApprovalScope; environment: Environment; cursor?: string | null }) {
  let actor: StaffUser;
  let merchantId: string | undefined;
  if ("merchant" in scope) {
    assertCan(scope.merchant, "approvals.decide");
    actor = scope.merchant.actor;
    merchantId = scope.merchant.merchant.id;
  } else {
    assertOperator(scope.platform);
    actor = scope.platform;
  }
  // A malformed cursor means the first page, never an error page.
  const startingAfter = cursor && TX_ID.test(cursor) ? cursor : undefined;
  const page = await listHeldTransactions({ actor: { userId: actor.id }, environment, merchantId, limit: 25, startingAfter });
  return { rows: page.data, nextCursor: page.nextCursor };
}

export type ApprovalQueueRow = Awaited<ReturnType<typeof listApprovalQueue>>["rows"][number];
