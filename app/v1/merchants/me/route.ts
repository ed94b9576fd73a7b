import { apiRoute } from "@/lib/api/api-handler";
import { serializeMerchant } from "@/lib/merchants/serialize-merchant";
import { methodNotAllowed } from "@/lib/api/method-not-allowed";
import { getMerchantEndpoint } from "@/lib/merchants/merchant-schema";

export const GET = apiRoute(getMerchantEndpoint, async ({ principal }) => ({ status: 200, body: serializeMerchant(principal) }));

// Other methods: 405 with Allow, in this endpoint's error family.
export const POST = methodNotAllowed(getMerchantEndpoint);
export const PUT = methodNotAllowed(getMerchantEndpoint);
export const PATCH = methodNotAllowed(getMerchantEndpoint);
export const DELETE = methodNotAllowed(getMerchantEndpoint);
