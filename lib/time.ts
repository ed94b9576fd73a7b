/** ISO 8601 UTC with milliseconds and Z, the one timestamp format of the API (SPEC §3). */
export function iso(date: Date): string;
export function iso(date: Date | null | undefined): string | undefined;
export function iso(date: Date | null | undefined): string | undefined {
  return date ? date.toISOString() : undefined;
}

/** One day in milliseconds (a UTC day; no calendar arithmetic). */
export const DAY_MS = 86_400_000;
