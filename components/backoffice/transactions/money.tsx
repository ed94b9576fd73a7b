import { formatMoney } from "@/lib/schema/currencies";

/** An amount of integer minor units, formatted for people; digits line up in columns. */
export function Money({ minor, currency, className = "" }: { minor: number | bigint; currency: string; className?: string }) {
  return <span className={`whitespace-nowrap tabular-nums ${className}`}>{formatMoney(minor, currency)}</span>;
}
