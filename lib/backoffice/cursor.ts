// Keyset ("cursor") pagination for back-office lists (SPEC §13 scale rule):
// newest first on (createdAt, id), which every listed table indexes, so page
// 1,000 costs what page 1 costs. No OFFSET, no COUNT(*).

export interface Cursor {
  createdAt: Date;
  id: string;
}

export const PAGE_SIZE = 25;

function encodeCursor(row: Cursor): string {
  return Buffer.from(`${row.createdAt.toISOString()}|${row.id}`, "utf8").toString("base64url");
}

/** A malformed cursor means "first page", never an error page. */
export function decodeCursor(value: string | null | undefined): Cursor | null {
  if (!value || value.length > 200) return null;
  const [at, id] = Buffer.from(value, "base64url").toString("utf8").split("|");
  const createdAt = new Date(at ?? "");
  if (!id || !/^[A-Za-z0-9_]{1,80}$/.test(id) || Number.isNaN(createdAt.getTime())) return null;
  return { createdAt, id };
}

/** The Prisma condition for "older than the cursor row" (ties on createdAt broken by id). */
export function olderThan(cursor: Cursor | null) {
  if (!cursor) return {};
  return { OR: [{ createdAt: { lt: cursor.createdAt } }, { createdAt: cursor.createdAt, id: { lt: cursor.id } }] };
}

export const NEWEST_FIRST = [{ createdAt: "desc" as const }, { id: "desc" as const }];

export interface Page<T> {
  rows: T[];
  /** Present when there is an older page. */
  nextCursor: string | null;
}

/** Callers fetch limit + 1 rows; the extra one only says whether a next page exists. */
export function toPage<T extends Cursor>(rows: T[], limit: number): Page<T> {
  const hasMore = rows.length > limit;
  const kept = hasMore ? rows.slice(0, limit) : rows;
  return { rows: kept, nextCursor: hasMore ? encodeCursor(kept[kept.length - 1]!) : null };
}
