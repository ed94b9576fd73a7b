// Unknown /api paths (beside health, ready, metrics and auth) answer 404 JSON, as the Merchant API's do, not the HTML page.
import { unknownPathResponse } from "@/lib/http/unknown-path";

export { unknownPathResponse as GET, unknownPathResponse as POST, unknownPathResponse as PUT, unknownPathResponse as PATCH, unknownPathResponse as DELETE };
