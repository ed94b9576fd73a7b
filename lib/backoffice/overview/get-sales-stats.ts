// The Overview's charts (SPEC §13): per UTC day over the last 7 or 30 days,
// the volume of successful sales per currency and the success rate of
// decided sales (SUCCESS out of SUCCESS + DECLINED; a sale still awaiting its
// customer has no outcome yet). A captured authorization counts as a sale of
// its captured amount on the day of its capture (SPEC §17); a declined one
// on the day it was created; an open, voided or lapsed hold not at all. One aggregate in SQL over the
// (merchantId, environment, action, createdAt) index: the rows of the period
// are grouped in the database and only day × currency totals come back.
// Still, 30 days of a merchant with half a million sales a month is a few
// hundred milliseconds of reading, so the result is kept in Redis for a
// minute: the charts say when they were computed. Without Redis they are
// simply computed every time.
import { dbReplica } from "@/lib/db";
import type { Environment } from "@/lib/generated/prisma/enums";
import { logger } from "@/lib/log";
import { redis, rkey } from "@/lib/redis";
import { DAY_MS } from "@/lib/time";

export type StatsRange = 7 | 30;

interface DayStats {
  /** YYYY-MM-DD, UTC. */
  day: string;
  succeeded: number;
  decided: number;
  /** Successful sale volume in minor units, per currency. */
  volume: Record<string, number>;
}

export interface SalesStats {
  /** ISO time the totals were computed (they may be up to CACHE_SECONDS old). */
  computedAt: string;
  days: DayStats[];
  /** Currencies with volume in the period, largest count of sales first. */
  currencies: string[];
}

const CACHE_SECONDS = 60;

function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export interface GetSalesStatsOptions {
  merchantId: string;
  environment: Environment;
  range: StatsRange;
  now?: Date;
}

export async function getSalesStats(options: GetSalesStatsOptions): Promise<SalesStats> {
  const now = options.now ?? new Date();
  const key = rkey("sales-stats", options.merchantId, options.environment, String(options.range), utcDay(now));
  try {
    const cached = await redis().get(key);
    if (cached) return JSON.parse(cached) as SalesStats;
  } catch (err) {
    logger.debug({ err: (err as Error).message }, "sales stats cache unavailable");
  }
  const stats = await computeSalesStats({ ...options, now });
  await redis()
    .set(key, JSON.stringify(stats), "EX", CACHE_SECONDS)
    .catch((err: Error) => logger.debug({ err: err.message }, "sales stats not cached"));
  return stats;
}

async function computeSalesStats({ merchantId, environment, range, now }: Required<GetSalesStatsOptions>): Promise<SalesStats> {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const since = new Date(today - (range - 1) * DAY_MS);
  // A hold lives at most 30 days (authorizationValidityDays), so a capture in the period belongs to an
  // authorization created at most 30 days before it: that bound keeps the second part on the index.
  const heldSince = new Date(since.getTime() - 31 * DAY_MS);
  const rows = await dbReplica.$queryRaw<{ day: string; currency: string; succeeded: number; decided: number; volume: string }[]>`
    SELECT day, currency, sum(succeeded)::int AS succeeded, sum(decided)::int AS decided, sum(volume)::text AS volume FROM (
      SELECT to_char(date_trunc('day', "createdAt" AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS day,
             currency,
             count(*) FILTER (WHERE action = 'SALE' AND status = 'SUCCESS') AS succeeded,
             count(*) FILTER (WHERE (action = 'SALE' AND status IN ('SUCCESS', 'DECLINED')) OR (action = 'AUTHORIZE' AND status = 'DECLINED')) AS decided,
             COALESCE(sum(amount) FILTER (WHERE action = 'SALE' AND status = 'SUCCESS'), 0) AS volume
      FROM "Transaction"
      WHERE "merchantId" = ${merchantId} AND environment = ${environment}::"Environment" AND action IN ('SALE', 'AUTHORIZE') AND "createdAt" >= ${since}
      GROUP BY 1, 2
      UNION ALL
      SELECT to_char(date_trunc('day', "capturedAt" AT TIME ZONE 'UTC'), 'YYYY-MM-DD'), currency, count(*), count(*), sum("capturedAmount")
      FROM "Transaction"
      WHERE "merchantId" = ${merchantId} AND environment = ${environment}::"Environment" AND action = 'AUTHORIZE' AND status = 'SUCCESS'
        AND "createdAt" >= ${heldSince} AND "capturedAt" >= ${since}
      GROUP BY 1, 2
    ) AS parts
    GROUP BY 1, 2`;

  const days = new Map<string, DayStats>();
  for (let i = 0; i < range; i++) {
    const day = utcDay(new Date(since.getTime() + i * DAY_MS));
    days.set(day, { day, succeeded: 0, decided: 0, volume: {} });
  }
  const salesPerCurrency = new Map<string, number>();
  for (const r of rows) {
    const d = days.get(r.day);
    if (!d) continue;
    d.succeeded += r.succeeded;
    d.decided += r.decided;
    if (r.succeeded > 0) {
      d.volume[r.currency] = Number(r.volume);
      salesPerCurrency.set(r.currency, (salesPerCurrency.get(r.currency) ?? 0) + r.succeeded);
    }
  }
  const currencies = [...salesPerCurrency.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([c]) => c);
  return { computedAt: new Date().toISOString(), days: [...days.values()], currencies };
}
