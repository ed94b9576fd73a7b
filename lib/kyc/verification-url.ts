import { env } from "@/lib/env";

/** `{CHECKOUT_BASE_URL}/verify/<token>`: absolute, like every URL the API returns (SPEC §12). */
export function verificationUrl(token: string): string {
  return `${env.CHECKOUT_BASE_URL.replace(/\/+$/, "")}/verify/${token}`;
}
