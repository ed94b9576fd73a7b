import { dbReplica } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { assertOperator } from "../authz";
import type { StaffUser } from "@/lib/auth/staff-user";
import { decodeCursor, NEWEST_FIRST, olderThan, type Page, PAGE_SIZE, toPage } from "../cursor";

export interface MerchantRow {
  id: string;
  name: string;
  domain: string;
  isActive: boolean;
  createdAt: Date;
}

/**
 * Operators' merchant list: newest first on the (createdAt, id) index. A
 * search that looks like a merchant id matches it exactly; anything else
 * matches the name or domain, case-insensitively.
 */
export async function listMerchants({ actor, search, cursor, limit = PAGE_SIZE }: { actor: StaffUser; search?: string | null; cursor?: string | null; limit?: number }): Promise<Page<MerchantRow>> {
  assertOperator(actor);
  const q = search?.trim().slice(0, 200) ?? "";
  const where: Prisma.MerchantWhereInput = !q
    ? {}
    : /^mr_[0-9A-Za-z]+$/.test(q)
      ? { id: q }
      : { OR: [{ name: { contains: q, mode: "insensitive" } }, { domain: { contains: q, mode: "insensitive" } }] };
  const rows = await dbReplica.merchant.findMany({
    where: { ...where, ...olderThan(decodeCursor(cursor)) },
    select: { id: true, name: true, domain: true, isActive: true, createdAt: true },
    orderBy: NEWEST_FIRST,
    take: limit + 1,
  });
  return toPage(rows, limit);
}
