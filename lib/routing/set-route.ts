// Sets where a merchant's payments of one method go (SPEC §21 `route:set`,
// Settings → Payment methods for operators): the connectors in order of
// preference, for any payment of the method or only for some currencies or
// an amount range. The same condition set again replaces its route; no
// connectors removes it.
//
// A route is also what makes a method available. The merchant's catalogue
// row of the method (PaymentMethod, SPEC §3) is marked `routed`: its payments
// go to the connectors. In production, where the catalogue starts empty, the
// first route creates the row from what its connectors' provider serves
// (name, actions, currencies); GET /v1/payment-methods then lists it and the
// checkout offers it. In sandbox a route replaces the simulator for that
// method (the provider's own test mode); removing the last one gives the
// method back to the simulator. Staff narrow currencies and amounts on the
// row as for any method.
import { z } from "zod";
import { auditedBy, type Actor } from "@/lib/audit/actor";
import { writeAudit } from "@/lib/audit/write-audit";
import type { Tx } from "@/lib/db";
import { db } from "@/lib/db";
import { invalid, notFound } from "@/lib/errors";
import type { Connector, PaymentMethod } from "@/lib/generated/prisma/client";
import type { TransactionAction } from "@/lib/generated/prisma/enums";
import { newId } from "@/lib/ids";
import { SANDBOX_CATALOGUE, SANDBOX_CURRENCIES } from "@/lib/payment-methods/default-catalogue";
import { forgetCachedPaymentMethods } from "@/lib/payment-methods/resolve-payment-method";
import type { MethodCapability } from "@/lib/providers/live-connector";
import { connectorKind, ROUTED, SIMULATOR } from "@/lib/providers/registry";
import { isCurrency } from "@/lib/schema/currencies";
import { parseInput } from "@/lib/schema/parse-input";
import { forgetConnector } from "@/lib/connectors/live-connectors";
import { forgetCachedRoutes } from "./route-cache";
import { conditionKey } from "./route-condition";
import { listRoutes, type RouteView } from "./list-routes";

const minor = (field: string) => z.number().int(`${field} must be a whole number of minor units`).min(1, `${field} must be at least 1`).max(1_000_000_000_000, `${field} is too large`);

const ZSetRoute = z
  .object({
    method: z.enum(SANDBOX_CATALOGUE.map((m) => m.slug) as [string, ...string[]], `method must be one of ${SANDBOX_CATALOGUE.map((m) => m.slug).join(", ")}`),
    connectorIds: z.array(z.string().regex(/^cn_[0-9A-Za-z]{10,}$/, "connectorIds must be connector ids (cn_…)")).max(10, "at most 10 connectors per route"),
    currencies: z
      .array(z.string().trim().toUpperCase().refine(isCurrency, "currencies must be ISO 4217 codes such as USD, EUR"))
      .max(50)
      .default([]),
    minAmount: minor("minAmount").optional(),
    maxAmount: minor("maxAmount").optional(),
  })
  .strict()
  .refine((r) => r.minAmount === undefined || r.maxAmount === undefined || r.minAmount <= r.maxAmount, { message: "minAmount must not be greater than maxAmount", path: ["minAmount"] })
  .refine((r) => new Set(r.connectorIds).size === r.connectorIds.length, { message: "connectorIds must not repeat a connector", path: ["connectorIds"] });

export interface SetRouteOptions {
  merchantId: string;
  environment: "sandbox" | "production";
  input: unknown;
  actor: Actor;
}

export async function setRoute({ merchantId, environment, input, actor }: SetRouteOptions): Promise<RouteView[]> {
  const data = parseInput(ZSetRoute, input);
  const catalogue = SANDBOX_CATALOGUE.find((m) => m.slug === data.method)!;
  if (!(await db.merchant.findUnique({ where: { id: merchantId }, select: { id: true } }))) throw notFound(`No merchant ${merchantId}`);
  const connectors = await db.connector.findMany({ where: { id: { in: data.connectorIds } } });
  const capabilities = data.connectorIds.map((id) => capabilityOf(connectors.find((c) => c.id === id), id, environment, catalogue.type));
  const condition = { currencies: [...new Set(data.currencies)].sort(), minAmount: data.minAmount === undefined ? null : BigInt(data.minAmount), maxAmount: data.maxAmount === undefined ? null : BigInt(data.maxAmount) };
  const key = conditionKey(condition);

  await db.$transaction(async (tx) => {
    const scope = { merchantId, environment, method: data.method };
    if (data.connectorIds.length === 0) {
      const { count } = await tx.paymentRoute.deleteMany({ where: { ...scope, conditionKey: key } });
      if (count === 0) throw invalid(`No route of ${data.method} with this condition to remove`, "connectorIds");
    } else {
      await tx.paymentRoute.upsert({
        where: { merchantId_environment_method_conditionKey: { ...scope, conditionKey: key } },
        create: { id: newId("paymentRoute"), ...scope, ...condition, conditionKey: key, connectorIds: data.connectorIds },
        update: { connectorIds: data.connectorIds },
      });
    }
    await syncCatalogue(tx, { merchantId, environment, slug: data.method, added: capabilities, addedCurrencies: condition.currencies });
    await writeAudit(
      {
        ...auditedBy(actor),
        action: data.connectorIds.length === 0 ? "route.removed" : "route.set",
        merchantId,
        environment,
        targetType: "payment_route",
        targetId: `${data.method}:${key}`,
        details: { method: data.method, connectorIds: data.connectorIds, currencies: condition.currencies, minAmount: data.minAmount ?? null, maxAmount: data.maxAmount ?? null },
      },
      tx,
    );
  });
  forgetCachedRoutes({ merchantId, environment });
  forgetCachedPaymentMethods({ merchantId, environment });
  for (const id of data.connectorIds) forgetConnector(id);
  return listRoutes({ merchantId, environment });
}

function capabilityOf(connector: Connector | undefined, id: string, environment: string, type: MethodCapability["type"]): MethodCapability {
  if (!connector) throw invalid(`No connector ${id}`, "connectorIds");
  if (connector.environment !== environment) throw invalid(`Connector ${id} is a ${connector.environment} connector; this route is for ${environment}`, "connectorIds");
  if (!connector.enabled) throw invalid(`Connector ${id} is disabled`, "connectorIds");
  const capability = connectorKind(connector.provider)?.methods.find((m) => m.type === type);
  if (!capability) throw invalid(`Connector ${id} (${connector.provider}) does not take ${type} payments`, "connectorIds");
  return capability;
}

/**
 * Keeps the merchant's catalogue row of the method in step with its routes:
 * routed while it has one (created from the connectors' capabilities in
 * production), back to the simulator (sandbox) or unserved (production)
 * when the last is removed.
 */
async function syncCatalogue(tx: Tx, { merchantId, environment, slug, added, addedCurrencies }: { merchantId: string; environment: "sandbox" | "production"; slug: string; added: MethodCapability[]; addedCurrencies: string[] }): Promise<void> {
  const routes = await tx.paymentRoute.findMany({ where: { merchantId, environment, method: slug } });
  const entry = SANDBOX_CATALOGUE.find((m) => m.slug === slug)!;
  const row = await tx.paymentMethod.findUnique({ where: { merchantId_environment_slug: { merchantId, environment, slug } } });
  if (routes.length === 0) {
    if (row && environment === "sandbox") await tx.paymentMethod.update({ where: { id: row.id }, data: { provider: SIMULATOR, actions: entry.actions } });
    return;
  }
  // What the method can do is what its connectors can do, over every route of it.
  const capabilities = await capabilitiesOfRoutes(tx, routes.flatMap((r) => r.connectorIds), entry.type);
  const actions = unique<TransactionAction>([...capabilities, ...added].flatMap((c) => c.actions));
  if (row) {
    const currencies = unique([...row.currencies, ...addedCurrencies]);
    await tx.paymentMethod.update({ where: { id: row.id }, data: { provider: ROUTED, actions, currencies } });
    return;
  }
  const first = added[0] ?? capabilities[0]!;
  const data: Omit<PaymentMethod, "createdAt" | "updatedAt" | "minAmount" | "maxAmount" | "feeFixed" | "feeBasisPoints"> = {
    id: newId(entry.type === "card" ? "cardMethod" : "method"),
    merchantId,
    environment,
    type: entry.type,
    slug,
    name: first.name,
    provider: ROUTED,
    currencies: addedCurrencies.length > 0 ? addedCurrencies : environment === "sandbox" ? SANDBOX_CURRENCIES : first.currencies,
    actions,
    requiresRedirect: first.requiresRedirect,
    enabled: true,
  };
  await tx.paymentMethod.create({ data });
}

async function capabilitiesOfRoutes(tx: Tx, connectorIds: string[], type: MethodCapability["type"]): Promise<MethodCapability[]> {
  const connectors = await tx.connector.findMany({ where: { id: { in: [...new Set(connectorIds)] } }, select: { provider: true } });
  return connectors.flatMap((c) => connectorKind(c.provider)?.methods.filter((m) => m.type === type) ?? []);
}

function unique<T>(values: T[]): T[] {
  return [...new Set(values)];
}
