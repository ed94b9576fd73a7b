// Where one payment may go (SPEC §21): the first of the merchant's routes for
// its method whose condition fits its currency and amount, and of that
// route's connectors the ones that can take it — enabled, of the payment's
// environment, serving the method's type and action — in the route's order.
// Which of them actually gets the payment is decided when it is sent (the
// circuit breakers, lib/connectors/circuit-breaker.ts), so a redirect sale
// created now and paid in ten minutes goes to whichever connector is healthy then.
import type { PaymentMethod } from "@/lib/generated/prisma/client";
import type { ConnectorProvider, Environment, TransactionAction } from "@/lib/generated/prisma/enums";
import { loadConnector } from "@/lib/connectors/live-connectors";
import { logger } from "@/lib/log";
import { unavailable } from "@/lib/payment-methods/resolve-payment-method";
import { connectorKind } from "@/lib/providers/registry";
import { routesOf } from "./route-cache";
import { matches } from "./route-condition";

export interface RouteCandidate {
  connectorId: string;
  provider: ConnectorProvider;
}

export interface PlanRouteOptions {
  merchantId: string;
  environment: Environment;
  method: Pick<PaymentMethod, "slug" | "type">;
  action: TransactionAction;
  currency: string;
  amount: bigint;
}

export async function planRoute({ merchantId, environment, method, action, currency, amount }: PlanRouteOptions): Promise<RouteCandidate[]> {
  const route = (await routesOf({ merchantId, environment, method: method.slug })).find((r) => matches(r, currency, amount));
  if (!route) return [];
  const candidates: RouteCandidate[] = [];
  for (const connectorId of route.connectorIds) {
    const connector = await loadConnector(connectorId).then(
      (l) => l.connector,
      (err: Error) => logger.error({ connectorId, err: err.message }, "a route names a connector that cannot be loaded; skipped"),
    );
    if (!connector || !connector.enabled || connector.environment !== environment) continue;
    const capability = connectorKind(connector.provider)?.methods.find((m) => m.type === method.type);
    if (!capability?.actions.includes(action)) continue;
    candidates.push({ connectorId, provider: connector.provider });
  }
  return candidates;
}

/** The candidates of a payment of a routed method; none is the seed's 'Payment method not available'. */
export async function requireRoute(options: PlanRouteOptions): Promise<RouteCandidate[]> {
  const candidates = await planRoute(options);
  if (candidates.length === 0) throw unavailable();
  return candidates;
}
