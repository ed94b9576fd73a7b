// OpenAPI registration of GET /v1/payment-methods: the contract its route hands to apiRoute(), and its entry in the OpenAPI document.
import { registerEndpoint } from "@/lib/openapi/register-endpoint";
import { ZPaymentMethodList } from "./list-payment-methods";

export const listPaymentMethodsEndpoint = registerEndpoint({
  method: "get",
  path: "/payment-methods",
  summary: "List payment methods",
  description:
    "The methods enabled for the key's merchant and environment. A request names a method by its `slug` (`card`, `paypal`, …) or its `id` (`cr_…`, `pm_…`) in `paymentMethod`. A name that is not a method at all answers 'Invalid payment method'; one not enabled for the merchant, currency, action, amount or environment answers 'Payment method not available'.",
  tags: ["Payment methods"],
  family: "guide",
  responses: { 200: ZPaymentMethodList },
});
