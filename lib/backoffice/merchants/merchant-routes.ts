// Platform → Merchants → merchant → Routing (SPEC §21): where the merchant's
// payments of each method go, per environment — the connectors in order of
// preference, optionally only for some currencies or an amount range. The
// change is lib/routing/set-route.ts (audited, the same as `route:set`); this
// file authorizes the operator and reads the form.
import { z } from "zod";
import { staffActor } from "@/lib/audit/actor";
import type { StaffUser } from "@/lib/auth/staff-user";
import type { ConnectorView } from "@/lib/connectors/connector-view";
import { listConnectors } from "@/lib/connectors/list-connectors";
import { SANDBOX_CATALOGUE } from "@/lib/payment-methods/default-catalogue";
import { listRoutes, type RouteView } from "@/lib/routing/list-routes";
import { setRoute } from "@/lib/routing/set-route";
import { parseInput } from "@/lib/schema/parse-input";
import { assertOperator } from "../authz";
import { ZEnvironment } from "../schemas";

/** How many connectors the form offers to order; set-route.ts takes up to 10 (the CLI for longer lists). */
export const ROUTE_FORM_SLOTS = 3;

export interface MerchantRouting {
  routes: Record<"sandbox" | "production", RouteView[]>;
  connectors: ConnectorView[];
  methods: string[];
}

export async function getMerchantRouting({ actor, merchantId }: { actor: StaffUser; merchantId: string }): Promise<MerchantRouting> {
  assertOperator(actor);
  const [sandbox, production, connectors] = await Promise.all([listRoutes({ merchantId, environment: "sandbox" }), listRoutes({ merchantId, environment: "production" }), listConnectors()]);
  return { routes: { sandbox, production }, connectors, methods: SANDBOX_CATALOGUE.map((m) => m.slug) };
}

/** A whole number of minor units typed in a form, or nothing for an empty field. */
const minorField = (field: string) =>
  z
    .string()
    .trim()
    .regex(/^\d*$/, `${field} must be a whole number of minor units (1000 is 10.00 EUR)`)
    .transform((v) => (v === "" ? undefined : Number(v)))
    .optional();

const ZRouteForm = z.object({
  merchantId: z.string().min(1).max(100),
  environment: ZEnvironment,
  method: z.string().max(50),
  currencies: z.string().max(500).default(""),
  minAmount: minorField("minAmount"),
  maxAmount: minorField("maxAmount"),
});

export async function setMerchantRouteFromForm({ actor, ip, form }: { actor: StaffUser; ip: string | null; form: Record<string, string> }): Promise<RouteView[]> {
  assertOperator(actor);
  const f = parseInput(ZRouteForm, form);
  // Slots in order; an empty slot is skipped, so "first: none, second: B" is simply B. No connector at all removes the route.
  const connectorIds = Array.from({ length: ROUTE_FORM_SLOTS }, (_, i) => form[`connector${i + 1}`]?.trim() ?? "").filter((id) => id !== "");
  const currencies = f.currencies.split(/[\s,]+/).filter((c) => c !== "");
  return setRoute({
    merchantId: f.merchantId,
    environment: f.environment,
    actor: staffActor(actor, ip),
    input: { method: f.method, connectorIds, currencies, ...(f.minAmount === undefined ? {} : { minAmount: f.minAmount }), ...(f.maxAmount === undefined ? {} : { maxAmount: f.maxAmount }) },
  });
}
