// OpenAPI registration of POST /v1/customers/{buyerId}/verification: the contract its route hands to apiRoute(), and its entry in the OpenAPI document.
import { registerEndpoint } from "@/lib/openapi/register-endpoint";
import { z } from "@/lib/schema/zod";
import { ZStartVerificationRequest, ZStartVerificationResponse } from "./schemas";

export const startVerificationEndpoint = registerEndpoint({
  method: "post",
  path: "/customers/{buyerId}/verification",
  summary: "Start a KYC verification",
  description:
    "Starts a hosted identity verification for the customer and answers its `verificationUrl`; send the customer there. An open verification of the same level is reused, so calling twice gives one link. " +
    "In sandbox the customer is `verified` as soon as they submit the form; in production the verification stays `pending` until an operator reviews it. " +
    "Payouts above the merchant's KYC threshold need `kycStatus: verified` (else 400 `KYC verification required` with a `verificationUrl`); `level: enhanced`, once granted, raises the daily payout limit. " +
    "Send `{}` for a basic verification.",
  tags: ["Customers"],
  family: "guide",
  params: z.object({ buyerId: z.string().openapi({ description: "Your customer id, as sent in `buyerId`", example: "buyer_42" }) }),
  body: ZStartVerificationRequest,
  responses: { 201: ZStartVerificationResponse },
  idempotent: true,
});
