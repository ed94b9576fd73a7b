// "Send a test webhook" on the back office Developers page (SPEC §13): a
// signed `test.webhook` event to a URL the merchant types in, written to the
// outbox and delivered exactly like a real one (same signing, same retries,
// same attempt log), so it proves the receiver's verification end to end.
import { db } from "@/lib/db";
import type { Environment } from "@/lib/generated/prisma/enums";
import { newId } from "@/lib/ids";
import { afterCommit } from "@/lib/webhooks/after-commit";
import { buildTestEventPayload, TEST_EVENT_KIND } from "./event-body";
import { assertCallbackUrlAllowed } from "./url-safety";


export interface SendTestWebhookOptions {
  merchantId: string;
  environment: Environment;
  url: string;
}

/** Returns the new event's id; the URL gets the same checks as a callbackUrl (400 `url …` when refused). */
export async function sendTestWebhook({ merchantId, environment, url }: SendTestWebhookOptions): Promise<string> {
  await assertCallbackUrlAllowed({ url, environment, param: "url" });
  const id = newId("event");
  const createdAt = new Date();
  await db.event.create({
    data: {
      id,
      merchantId,
      environment,
      transactionId: null,
      type: TEST_EVENT_KIND,
      payload: JSON.stringify(buildTestEventPayload({ id, createdAt, environment })),
      url,
      createdAt,
    },
  });
  await afterCommit([id]);
  return id;
}
