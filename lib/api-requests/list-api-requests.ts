// "Recent API requests" on the back office's Developers page (SPEC §13):
// newest first, one merchant environment, cursor pages. Bodies are stored
// redacted (lib/redact.ts), so they can be shown as they are.
import { db } from "@/lib/db";
import type { Environment } from "@/lib/generated/prisma/enums";

export interface ListApiRequestsOptions {
  merchantId: string;
  environment: Environment;
  /** At most 100; default 50. */
  limit?: number;
  /** The id of the last row of the previous page. */
  before?: string;
}

export async function listApiRequests({ merchantId, environment, limit = 50, before }: ListApiRequestsOptions) {
  const take = Math.min(Math.max(1, limit), 100);
  const rows = await db.apiRequestLog.findMany({
    where: { merchantId, environment },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: take + 1,
    ...(before ? { cursor: { id: before }, skip: 1 } : {}),
    select: { id: true, apiKeyId: true, requestId: true, method: true, path: true, statusCode: true, durationMs: true, requestBody: true, createdAt: true },
  });
  const hasMore = rows.length > take;
  const data = hasMore ? rows.slice(0, take) : rows;
  return { data, hasMore, nextCursor: hasMore ? data[data.length - 1]!.id : null };
}
