// OpenAPI registrations of GET /v1/balance and POST /v1/sandbox/balance: the contract its route hands to apiRoute(), and its entry in the OpenAPI document.
import { errorContent } from "@/lib/openapi/common";
import { registerEndpoint } from "@/lib/openapi/register-endpoint";
import { ZAddTestFundsRequest, ZAddTestFundsResponse, ZBalanceList } from "./schemas";

export const getBalanceEndpoint = registerEndpoint({
  method: "get",
  path: "/balance",
  summary: "Balances",
  description: "One entry per currency the merchant holds in this environment: `available` (can be paid out or refunded) and `reserved` (held for payouts in flight), in minor units. Computed from the double-entry ledger.",
  tags: ["Balance"],
  family: "guide",
  responses: { 200: ZBalanceList },
});

export const addTestFundsEndpoint = registerEndpoint({
  method: "post",
  path: "/sandbox/balance",
  sandboxOnly: true,
  summary: "Add test funds (sandbox)",
  description: "Sandbox only (a live key gets 404): credits `amount` minor units of `currency` to the sandbox `available` balance, e.g. to test payouts.",
  tags: ["Sandbox"],
  family: "guide",
  body: ZAddTestFundsRequest,
  idempotent: true,
  responses: {
    200: ZAddTestFundsResponse,
    404: { description: "Called with a live key: sandbox-only endpoints do not exist in production.", ...errorContent("guide", "not_found") },
  },
});
