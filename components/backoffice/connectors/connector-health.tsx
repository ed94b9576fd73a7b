// A connector's health as the Connectors and System pages show it (SPEC §21):
// the circuit breaker's state and the last hour's success rate.
import { Badge } from "@/components/ui/badge";
import type { CircuitState } from "@/lib/connectors/circuit-breaker";
import type { ConnectorHealth } from "@/lib/connectors/connector-health";

const CIRCUIT = {
  closed: { tone: "success", label: "Closed" },
  half_open: { tone: "warning", label: "Half-open" },
  open: { tone: "danger", label: "Open" },
} as const satisfies Record<CircuitState, { tone: "success" | "warning" | "danger"; label: string }>;

export function CircuitBadge({ state }: { state: CircuitState }) {
  return <Badge tone={CIRCUIT[state].tone}>{CIRCUIT[state].label}</Badge>;
}

function percent(rate: number | null): string {
  return rate === null ? "—" : `${(rate * 100).toFixed(rate === 1 || rate === 0 ? 0 : 1)}%`;
}

/** "100% of 3" — the share of the last hour's attempts that took the payment. */
export function SuccessRate({ health }: { health: ConnectorHealth }) {
  const { total, successRate, answeredRate } = health.lastHour;
  if (total === 0) return <span className="text-slate-600 dark:text-slate-400">No attempts</span>;
  return (
    <span className="tabular-nums">
      {percent(successRate)} of {total}
      <span className="block text-xs text-slate-600 dark:text-slate-400">answered {percent(answeredRate)}</span>
    </span>
  );
}
