// What an operator enters for an Adyen connector: an API key of a web
// service user (Checkout and Payout roles), the merchant account it pays
// into, the HMAC key of the standard webhook registered for
// POST /providers/{connectorId}/events, and — for a production connector —
// the live URL prefix of the company account (Customer Area → Developers →
// API URLs). Adyen's keys do not say whether they are live or test, so the
// prefix is what decides: a production connector must have one (and talks to
// Adyen's live endpoints), a sandbox connector must not (test endpoints), so
// test mode can never carry real money nor real money land in the sandbox.
import { z } from "zod";
import type { Environment } from "@/lib/generated/prisma/enums";

export const ADYEN_CREDENTIAL_FIELDS = ["apiKey", "merchantAccount", "hmacKey", "liveUrlPrefix"] as const;

export function adyenCredentials(environment: Environment) {
  const base = {
    apiKey: z.string().trim().regex(/^[\x21-\x7e]{20,300}$/, "apiKey must be the web service user's API key (Customer Area → Developers → API credentials)"),
    merchantAccount: z.string().trim().regex(/^[A-Za-z0-9_.-]{1,80}$/, "merchantAccount must be the Adyen merchant account's code"),
    // Adyen shows the HMAC key as 64 hexadecimal characters (32 bytes).
    hmacKey: z.string().trim().regex(/^[0-9A-Fa-f]{64}$/, "hmacKey must be the webhook's HMAC key (64 hexadecimal characters)"),
  };
  if (environment === "production") {
    return z
      .object({ ...base, liveUrlPrefix: z.string().trim().regex(/^[0-9a-f]{16}-[A-Za-z0-9]{1,60}$/, "liveUrlPrefix must be the live URL prefix (e.g. 1797a841fbb37ca7-AdyenDemo) for a production connector") })
      .strict();
  }
  return z
    .object({ ...base, liveUrlPrefix: z.undefined("liveUrlPrefix is for production connectors only: a sandbox connector talks to Adyen's test endpoints").optional() })
    .strict();
}

export type AdyenCredentials = z.infer<ReturnType<typeof adyenCredentials>>;
