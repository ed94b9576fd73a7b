"use client";
// Daily successful sale volume in one currency (SPEC §13 Overview). Drawn
// with recharts; screen readers get the figure's caption and the summary, and
// the page puts the same numbers in a table beside it.
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from "recharts";
import { formatMoney, minorDigits } from "@/lib/schema/currencies";

export interface VolumePoint {
  day: string;
  /** Minor units. */
  volume: number;
}

const shortDay = (day: string) => day.slice(5);

export function SalesVolumeChart({ data, currency, summary }: { data: VolumePoint[]; currency: string; summary: string }) {
  const compact = new Intl.NumberFormat("en", { notation: "compact", maximumFractionDigits: 1 });
  const major = (minor: number) => minor / 10 ** minorDigits(currency);
  return (
    <figure className="text-slate-600 dark:text-slate-300">
      <figcaption className="sr-only">{summary}</figcaption>
      <BarChart responsive style={{ width: "100%", height: 240 }} data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} title={`Successful sales volume in ${currency}`} desc={summary}>
        <CartesianGrid strokeDasharray="3 3" stroke="currentColor" strokeOpacity={0.15} vertical={false} />
        <XAxis dataKey="day" tickFormatter={shortDay} tick={{ fill: "currentColor", fontSize: 12 }} stroke="currentColor" minTickGap={12} />
        <YAxis tickFormatter={(v: number) => compact.format(major(v))} tick={{ fill: "currentColor", fontSize: 12 }} stroke="currentColor" width={48} />
        <Tooltip formatter={(v) => [formatMoney(Number(v), currency), "Volume"]} labelFormatter={(day) => `${day} (UTC)`} contentStyle={{ color: "#0f172a" }} />
        <Bar dataKey="volume" name="Volume" fill="#0f5c7a" radius={[3, 3, 0, 0]} isAnimationActive={false} />
      </BarChart>
    </figure>
  );
}
