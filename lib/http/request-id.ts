import { newId } from "@/lib/ids";

/** The client's own X-Request-Id when it is a short safe token, else a new one (SPEC §14). */
export function requestIdFrom(headers: Headers): string {
  const given = headers.get("x-request-id");
  return given && /^[A-Za-z0-9._:-]{1,64}$/.test(given) ? given : newId("request");
}
