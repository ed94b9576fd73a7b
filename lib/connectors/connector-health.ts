// How each connector is doing (SPEC §21), for the System page and
// /api/metrics: its circuit breaker's state, its attempts of the last hour
// and their success rate, and its unknown outcomes older than 10 minutes.
//
// Two rates, because they answer two questions: `successRate` is the share
// of attempts that took the payment (what merchants feel, declines included),
// `answeredRate` the share the provider answered at all, approve or decline
// (whether the provider is up — what the breaker watches).
import { db } from "@/lib/db";
import type { AttemptOutcome, ConnectorProvider, Environment } from "@/lib/generated/prisma/enums";
import { breakerStates, type CircuitState } from "./circuit-breaker";

export interface ConnectorHealth {
  connectorId: string;
  name: string;
  provider: ConnectorProvider;
  environment: Environment;
  enabled: boolean;
  circuit: CircuitState;
  lastHour: {
    /** Finished attempts by outcome (those still in flight are not counted). */
    attempts: Partial<Record<Exclude<AttemptOutcome, "in_flight">, number>>;
    total: number;
    successRate: number | null;
    answeredRate: number | null;
  };
  /** Calls whose outcome is still unknown (or never came back) after 10 minutes. */
  unknownOutcomes: number;
}

const ANSWERED: AttemptOutcome[] = ["succeeded", "declined", "requires_action", "pending"];

export async function getConnectorHealth({ now = new Date() }: { now?: Date } = {}): Promise<ConnectorHealth[]> {
  const [connectors, counts, unknown] = await Promise.all([
    db.connector.findMany({ orderBy: [{ environment: "asc" }, { createdAt: "asc" }] }),
    db.paymentAttempt.groupBy({ by: ["connectorId", "outcome"], where: { startedAt: { gte: new Date(now.getTime() - 3_600_000) }, outcome: { not: "in_flight" } }, _count: { _all: true } }),
    db.paymentAttempt.groupBy({ by: ["connectorId"], where: { outcome: { in: ["unknown", "in_flight"] }, startedAt: { lt: new Date(now.getTime() - 600_000) } }, _count: { _all: true } }),
  ]);
  const states = await breakerStates(connectors.map((c) => c.id), now.getTime());
  return connectors.map((c) => {
    const mine = counts.filter((r) => r.connectorId === c.id);
    const attempts = Object.fromEntries(mine.map((r) => [r.outcome, r._count._all])) as ConnectorHealth["lastHour"]["attempts"];
    const total = mine.reduce((sum, r) => sum + r._count._all, 0);
    const count = (outcomes: AttemptOutcome[]) => mine.filter((r) => outcomes.includes(r.outcome)).reduce((sum, r) => sum + r._count._all, 0);
    return {
      connectorId: c.id,
      name: c.name,
      provider: c.provider,
      environment: c.environment,
      enabled: c.enabled,
      circuit: states.get(c.id) ?? "closed",
      lastHour: { attempts, total, successRate: total ? count(["succeeded"]) / total : null, answeredRate: total ? count(ANSWERED) / total : null },
      unknownOutcomes: unknown.find((u) => u.connectorId === c.id)?._count._all ?? 0,
    };
  });
}
