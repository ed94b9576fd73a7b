import type { PaymentRoute } from "@/lib/generated/prisma/client";
import type { Environment } from "@/lib/generated/prisma/enums";
import { db } from "@/lib/db";
import { merchantConfigCache } from "@/lib/merchant-config-cache";
import { bySpecificity } from "./route-condition";

/** A merchant's routes of one method, most specific first, for up to 1.5 s (lib/merchant-config-cache.ts). */
const routes = merchantConfigCache<PaymentRoute[]>();

export async function routesOf({ merchantId, environment, method }: { merchantId: string; environment: Environment; method: string }): Promise<PaymentRoute[]> {
  return (await routes.get({ merchantId, environment }, method, async () => (await db.paymentRoute.findMany({ where: { merchantId, environment, method } })).sort(bySpecificity))) ?? [];
}

/** After a route change commits: this process sees it at once, others within 2 s. */
export function forgetCachedRoutes(scope: { merchantId: string; environment: Environment }): void {
  routes.forget(scope);
}
