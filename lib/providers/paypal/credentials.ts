// What an operator enters for a PayPal connector: the REST app's client id
// and secret (Developer Dashboard → Apps & Credentials; a production
// connector takes the Live app's, a sandbox connector the Sandbox app's —
// PayPal's ids carry no mode, so the connector's environment decides which
// PayPal host the library calls) and the id of the webhook registered for
// POST /providers/{connectorId}/events, which PayPal's signature
// verification needs.
import { z } from "zod";
import type { Environment } from "@/lib/generated/prisma/enums";

export const PAYPAL_CREDENTIAL_FIELDS = ["clientId", "clientSecret", "webhookId"] as const;

export function paypalCredentials(_environment: Environment) {
  return z
    .object({
      clientId: z.string().trim().regex(/^[0-9A-Za-z_-]{16,128}$/, "clientId must be the REST app's client id"),
      clientSecret: z.string().trim().regex(/^[0-9A-Za-z_-]{16,128}$/, "clientSecret must be the REST app's secret"),
      webhookId: z.string().trim().regex(/^[0-9A-Z]{10,40}$/, "webhookId must be the id PayPal gave the registered webhook (e.g. 8PT597110X687430LKGECATA)"),
    })
    .strict();
}

export type PaypalCredentials = z.infer<ReturnType<typeof paypalCredentials>>;
