// Checks every create request (sale, payout) makes before the payment method
// is resolved. They need the API key or a DNS lookup, so they cannot live in
// the zod schema, but they are still request validation (400).
import { invalid } from "@/lib/errors";
import type { Environment } from "@/lib/generated/prisma/enums";
import { assertCallbackUrlAllowed } from "@/lib/webhooks/url-safety";

type RedirectField = "successUrl" | "failureUrl" | "returnUrl";
const REDIRECT_FIELDS: RedirectField[] = ["successUrl", "failureUrl", "returnUrl"];

export async function checkCreateRequest({ merchantId, environment, input }: { merchantId: string; environment: Environment; input: { merchantId: string; callbackUrl: string } & Partial<Record<RedirectField, string>> }): Promise<void> {
  if (input.merchantId !== merchantId) throw invalid("merchantId must be the merchant of the API key", "merchantId");
  // A live customer is sent back over TLS only (SPEC §20); sandbox allows http for local shops.
  if (environment === "production") {
    for (const field of REDIRECT_FIELDS) {
      const url = input[field];
      if (url !== undefined && !/^https:/i.test(url)) throw invalid(`${field} must use https in production`, field);
    }
  }
  // SPEC §9: loopback, private and metadata addresses are refused at creation (and again at delivery).
  await assertCallbackUrlAllowed({ url: input.callbackUrl, environment });
}
