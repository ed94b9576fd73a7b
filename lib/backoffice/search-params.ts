/** A query parameter as one string: `?a=1&a=2` or a missing value must not break a page. */
export function firstParam(value: string | string[] | undefined): string | null {
  const v = Array.isArray(value) ? value[0] : value;
  return typeof v === "string" && v.length > 0 ? v.slice(0, 500) : null;
}

export type SearchParams = Promise<Record<string, string | string[] | undefined>>;
