// GET /v1/merchants/me: the response schema and its OpenAPI registration,
// the worked example of registerEndpoint() for the other endpoints.
import { registerEndpoint } from "@/lib/openapi/register-endpoint";
import { z } from "@/lib/schema/zod";

const ZMerchant = z
  .object({
    id: z.string().openapi({ example: "mr_4f9Kc2LxQ8vT1bZ7mN3pR6sW" }),
    name: z.string().openapi({ example: "Demo Store" }),
    domain: z.string().openapi({ example: "demo-store.example" }),
    isActive: z.boolean().openapi({ description: "A deactivated merchant's writes are refused (403).", example: true }),
    environment: z.enum(["sandbox", "production"]).openapi({ description: "The environment of the key used.", example: "sandbox" }),
    createdAt: z.iso.datetime().openapi({ example: "2026-11-21T10:15:30.123Z" }),
  })
  .strict()
  .openapi("Merchant", { description: "The seed's Merchant record (id, name, domain, isActive) plus environment and createdAt." });

export const getMerchantEndpoint = registerEndpoint({
  method: "get",
  path: "/merchants/me",
  summary: "The key's merchant",
  description: "Answers the merchant the API key belongs to. Use it to check that authentication works.",
  tags: ["Merchants"],
  family: "guide",
  responses: { 200: ZMerchant },
});
