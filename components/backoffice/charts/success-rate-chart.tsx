"use client";
// Daily success rate of decided sales (SPEC §13 Overview). Days without a
// decided sale have no rate and leave a gap rather than a misleading 0 %.
import { CartesianGrid, Line, LineChart, Tooltip, XAxis, YAxis } from "recharts";

export interface RatePoint {
  day: string;
  /** 0–100, or null when no sale was decided that day. */
  rate: number | null;
}

const shortDay = (day: string) => day.slice(5);

export function SuccessRateChart({ data, summary }: { data: RatePoint[]; summary: string }) {
  return (
    <figure className="text-slate-600 dark:text-slate-300">
      <figcaption className="sr-only">{summary}</figcaption>
      <LineChart responsive style={{ width: "100%", height: 240 }} data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} title="Sale success rate" desc={summary}>
        <CartesianGrid strokeDasharray="3 3" stroke="currentColor" strokeOpacity={0.15} vertical={false} />
        <XAxis dataKey="day" tickFormatter={shortDay} tick={{ fill: "currentColor", fontSize: 12 }} stroke="currentColor" minTickGap={12} />
        <YAxis domain={[0, 100]} tickFormatter={(v: number) => `${v}%`} tick={{ fill: "currentColor", fontSize: 12 }} stroke="currentColor" width={44} />
        <Tooltip formatter={(v) => [v === null || v === undefined ? "no decided sales" : `${Number(v).toFixed(1)} %`, "Success rate"]} labelFormatter={(day) => `${day} (UTC)`} contentStyle={{ color: "#0f172a" }} />
        <Line dataKey="rate" name="Success rate" stroke="#15803d" strokeWidth={2} dot={{ r: 2 }} connectNulls={false} isAnimationActive={false} />
      </LineChart>
    </figure>
  );
}
