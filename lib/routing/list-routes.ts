import type { Environment } from "@/lib/generated/prisma/enums";
import { db } from "@/lib/db";
import { bySpecificity } from "./route-condition";

export interface RouteView {
  method: string;
  currencies: string[];
  minAmount: number | null;
  maxAmount: number | null;
  /** In order of preference, with what an operator needs to recognise each. */
  connectors: { id: string; name: string; provider: string; enabled: boolean }[];
}

/** A merchant's routes in one environment, per method in the order they are tried. */
export async function listRoutes({ merchantId, environment }: { merchantId: string; environment: Environment }): Promise<RouteView[]> {
  const routes = await db.paymentRoute.findMany({ where: { merchantId, environment } });
  const connectors = await db.connector.findMany({ where: { id: { in: [...new Set(routes.flatMap((r) => r.connectorIds))] } }, select: { id: true, name: true, provider: true, enabled: true } });
  return routes
    .sort((a, b) => a.method.localeCompare(b.method) || bySpecificity(a, b))
    .map((r) => ({
      method: r.method,
      currencies: r.currencies,
      minAmount: r.minAmount === null ? null : Number(r.minAmount),
      maxAmount: r.maxAmount === null ? null : Number(r.maxAmount),
      connectors: r.connectorIds.map((id) => connectors.find((c) => c.id === id) ?? { id, name: "(missing)", provider: "unknown", enabled: false }),
    }));
}
