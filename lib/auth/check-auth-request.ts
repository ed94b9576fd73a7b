// What next-auth's route is handed (app/api/auth/[...nextauth]). next-auth 4
// answers some malformed requests with a 500: a query or form value whose
// percent-escapes are not UTF-8 (it puts the decoded U+FFFD into a redirect
// header, which throws), a POST body that is not what its content type says,
// and a GET of the credentials callback, which only takes a POST. Those are
// the client's faults, so they are refused here first with a 4xx in the
// guide family (SPEC §20: no 5xx from malformed input).
import { AppError } from "@/lib/errors";

/** The sign-in form's fields are short; nothing next-auth takes needs more. */
const MAX_FORM_BYTES = 16 * 1024;

/**
 * Every `%XX` escape of a query or form text decodes as UTF-8 (a `+` is a
 * space). Next.js hands the route a URL whose broken escapes it already
 * replaced with U+FFFD, so that character counts as broken too: no form or
 * query of next-auth's carries it.
 */
function decodes(text: string): boolean {
  try {
    return !decodeURIComponent(text.replace(/\+/g, " ")).includes("\uFFFD");
  } catch {
    return false;
  }
}

const invalid = (message: string) => new AppError("invalid_request", message);

/** Throws an AppError (4xx) for a request next-auth would answer with a 500; returns for the others. */
export async function checkAuthRequest(req: Request, action: readonly string[]): Promise<void> {
  const query = new URL(req.url).search.slice(1);
  if (!decodes(query)) throw invalid("The query string is not valid percent-encoded UTF-8");
  // Credentials sign-in posts to the callback; a GET there is what OAuth providers use, and there are none.
  if (action[0] === "callback" && req.method !== "POST") throw new AppError("method_not_allowed", "Sign-in callbacks take a POST");
  if (req.method !== "POST") return;
  const type = req.headers.get("content-type")?.toLowerCase() ?? "";
  // next-auth's own client posts forms; a body it cannot parse would be a 500.
  if (!type.startsWith("application/x-www-form-urlencoded")) throw new AppError("unsupported_media_type", "Content-Type must be application/x-www-form-urlencoded");
  if (Number(req.headers.get("content-length") ?? "0") > MAX_FORM_BYTES) throw new AppError("payload_too_large", `Request body must not exceed ${MAX_FORM_BYTES} bytes`);
  const body = await req.clone().text();
  if (Buffer.byteLength(body) > MAX_FORM_BYTES) throw new AppError("payload_too_large", `Request body must not exceed ${MAX_FORM_BYTES} bytes`);
  if (!decodes(body)) throw invalid("The form is not valid percent-encoded UTF-8");
}
