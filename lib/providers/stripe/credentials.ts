// What an operator enters for a Stripe connector: a secret key (or a
// restricted key with PaymentIntents, Refunds, Disputes and Balance access)
// and the signing secret of the webhook endpoint registered for
// POST /providers/{connectorId}/events. A production connector takes live
// keys only and a sandbox connector test keys only, so test mode can never
// carry real money nor real money land in the sandbox.
import { z } from "zod";
import type { Environment } from "@/lib/generated/prisma/enums";

export const STRIPE_CREDENTIAL_FIELDS = ["secretKey", "webhookSecret"] as const;

export function stripeCredentials(environment: Environment) {
  const mode = environment === "production" ? "live" : "test";
  return z
    .object({
      secretKey: z
        .string()
        .trim()
        .regex(/^(sk|rk)_(live|test)_[0-9A-Za-z]{16,247}$/, "secretKey must be a Stripe secret key (sk_live_… / sk_test_…) or restricted key (rk_…)")
        .refine((key) => key.includes(`_${mode}_`), `secretKey must be a ${mode} key for a ${environment} connector`),
      webhookSecret: z
        .string()
        .trim()
        .regex(/^whsec_[0-9A-Za-z+/=_-]{16,200}$/, "webhookSecret must be the endpoint's signing secret (whsec_…)"),
    })
    .strict();
}

export type StripeCredentials = z.infer<ReturnType<typeof stripeCredentials>>;
