// Unknown API paths answer 404 JSON before authentication (SPEC §1), never an HTML page.
import { unknownPathResponse } from "@/lib/http/unknown-path";

export { unknownPathResponse as GET, unknownPathResponse as POST, unknownPathResponse as PUT, unknownPathResponse as PATCH, unknownPathResponse as DELETE };
