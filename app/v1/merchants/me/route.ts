import { apiRoute } from "@/lib/api/api-handler";
import { serializeMerchant } from "@/lib/merchants/serialize-merchant";
import { methodNotAllowed } from "@/lib/http/method-not-allowed";
import { getMerchantEndpoint } from "@/lib/merchants/merchant-schema";

export const GET = apiRoute(getMerchantEndpoint, async ({ principal }) => ({ status: 200, body: serializeMerchant(principal) }));

// Other methods: 405 with Allow, in this endpoint's error family.
export const POST = methodNotAllowed("guide", "GET");
export const PUT = methodNotAllowed("guide", "GET");
export const PATCH = methodNotAllowed("guide", "GET");
export const DELETE = methodNotAllowed("guide", "GET");
