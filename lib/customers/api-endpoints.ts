// OpenAPI registration of GET /v1/customers/{buyerId} (imported by lib/api/endpoints.ts only).
import { registerEndpoint } from "@/lib/openapi/register-endpoint";
import { z } from "@/lib/schema/zod";
import { ZCustomer } from "./schemas";

registerEndpoint({
  method: "get",
  path: "/customers/{buyerId}",
  summary: "Retrieve a customer",
  description:
    "The customer as last sent with a transaction, with `kycStatus`, `kycLevel` and the daily payout limit: `dailyPayoutLimit` for the KYC level and `remainingPayoutLimit` today (UTC), after payouts that are not DECLINED or CANCELED. A customer exists once a transaction named their `buyerId`.",
  tags: ["Customers"],
  family: "guide",
  params: z.object({ buyerId: z.string().openapi({ description: "Your customer id, as sent in `buyerId`", example: "buyer_42" }) }),
  responses: { 200: ZCustomer },
});
