import type { ApiPrincipal } from "@/lib/api-keys/authenticate-api-key";
import { iso } from "@/lib/time";

/** GET /v1/merchants/me: the seed's four fields, then SPEC §3's additions. */
export function serializeMerchant(principal: ApiPrincipal) {
  const m = principal.merchant;
  return { id: m.id, name: m.name, domain: m.domain, isActive: m.isActive, environment: principal.environment, createdAt: iso(m.createdAt) };
}
