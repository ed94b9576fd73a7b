// The two clocks of a bank file (SPEC §21): the daily cut-off that closes a
// file, and the business days a bank gets to report before a payout is
// flagged. All in UTC: the connector's cut-off is entered in UTC, and a
// weekday is Monday to Friday (bank holidays differ per country and are not
// known here, so a payout may be flagged a day early around one — the safe side).
import { DAY_MS } from "@/lib/time";

/** The latest cut-off at or before `now` for a daily cut-off at `hhmm` (UTC). */
export function latestCutOff(now: Date, hhmm: string): Date {
  const [h, m] = hhmm.split(":").map(Number) as [number, number];
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), h, m);
  return new Date(today <= now.getTime() ? today : today - DAY_MS);
}

/** The next cut-off after `now`: when payouts sent now are written into a file. */
export function nextCutOff(now: Date, hhmm: string): Date {
  return new Date(latestCutOff(now, hhmm).getTime() + DAY_MS);
}

const isWeekday = (d: Date) => d.getUTCDay() !== 0 && d.getUTCDay() !== 6;

/** `from` plus `days` weekdays, at the same time of day (a Friday export plus 5 is the next Friday). */
export function addBusinessDays(from: Date, days: number): Date {
  let at = from.getTime();
  let left = days;
  while (left > 0) {
    at += DAY_MS;
    if (isWeekday(new Date(at))) left--;
  }
  return new Date(at);
}

/** YYYY-MM-DD of a day (ReqdExctnDt). */
export function isoDay(d: Date): string {
  return d.toISOString().slice(0, 10);
}
