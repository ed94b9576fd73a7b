import { listApiRequests } from "@/lib/api-requests/list-api-requests";
import type { Environment } from "@/lib/generated/prisma/enums";
import { assertCan, type MerchantAccess } from "../authz";
import { type Page, PAGE_SIZE } from "../cursor";

export type ApiRequestRow = Awaited<ReturnType<typeof listApiRequests>>["data"][number];

/** Recent API requests (SPEC §13 Developers), newest first; bodies were redacted when stored. */
export async function listRecentApiRequests({ access, environment, cursor }: { access: MerchantAccess; environment: Environment; cursor?: string | null }): Promise<Page<ApiRequestRow>> {
  assertCan(access, "developers.manage");
  // The cursor is the last row's id; anything else in the URL means "first page".
  const before = cursor && /^[A-Za-z0-9_]{1,64}$/.test(cursor) ? cursor : undefined;
  const page = await listApiRequests({ merchantId: access.merchant.id, environment, limit: PAGE_SIZE, before });
  return { rows: page.data, nextCursor: page.nextCursor };
}
