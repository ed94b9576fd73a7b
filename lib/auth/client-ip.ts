// The client's address for the audit log. Route handlers and server actions
// cannot see the socket; the web server entry (lib/http/stamp-transport.ts)
// writes the verified client address into a header after deleting any
// client-sent copy. Without that entry the header could be forged, so no
// address is recorded rather than a wrong one.
import { TRANSPORT_HEADERS, transportIsStamped } from "@/lib/http/stamp-transport";

export function clientIp(header: (name: string) => string | null | undefined): string | null {
  if (!transportIsStamped()) return null;
  return header(TRANSPORT_HEADERS.client)?.trim().slice(0, 64) || null;
}
