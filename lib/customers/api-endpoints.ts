// OpenAPI registration of GET /v1/customers/{buyerId}: the contract its route hands to apiRoute(), and its entry in the OpenAPI document.
import { registerEndpoint } from "@/lib/openapi/register-endpoint";
import { z } from "@/lib/schema/zod";
import { ZCustomer } from "./schemas";

export const getCustomerEndpoint = registerEndpoint({
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
