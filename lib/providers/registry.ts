// Which provider serves a payment method in an environment. Sandbox always
// uses the simulator; production uses the connector named in the method's
// configuration (PaymentMethod.provider) and there is none until one is
// added (docs/providers.md explains how).
import type { Environment } from "@/lib/generated/prisma/enums";
import { sandboxProvider } from "./sandbox/sandbox-provider";
import type { PaymentProvider } from "./types";

const PRODUCTION_PROVIDERS: Record<string, PaymentProvider> = {};

export function getProvider(environment: Environment, providerName: string): PaymentProvider | null {
  if (environment === "sandbox") return sandboxProvider;
  return PRODUCTION_PROVIDERS[providerName] ?? null;
}
