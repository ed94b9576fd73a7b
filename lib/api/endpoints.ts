// Every module that registers Merchant API endpoints (registerEndpoint()).
// Imported for their side effect by the document builder only: each route of
// a Next.js build is bundled on its own, so a registration made elsewhere
// would not reach GET /v1/openapi.json. Add your schema module here;
// tests/http/openapi-document.test.ts fails for a route that is missing.
import "@/lib/merchants/merchant-schema";
import "@/lib/openapi/openapi-endpoint";
import "@/lib/transactions/api-endpoints";
import "@/lib/customers/api-endpoints";
import "@/lib/kyc/api-endpoints";
import "@/lib/payment-methods/api-endpoints";
import "@/lib/ledger/api-endpoints";
import "@/lib/webhooks/api-endpoints";
import "@/lib/webhooks/endpoint-api-endpoints";
import "@/lib/webhooks/webhook-docs";
