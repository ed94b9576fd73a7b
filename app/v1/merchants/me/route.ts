import { apiRoute } from "@/lib/http/api-handler";
import { serializeMerchant } from "@/lib/merchants/serialize-merchant";

export const GET = apiRoute({ family: "guide" }, async ({ principal }) => ({ status: 200, body: serializeMerchant(principal) }));
