// One webhook event of the merchant and environment, with its delivery
// attempts (GET /v1/events/{id}, back office transaction page). Another
// merchant's or environment's id answers exactly like an unknown id: 404.
import { db } from "@/lib/db";
import { notFound } from "@/lib/errors";
import type { Environment } from "@/lib/generated/prisma/enums";
import type { TWebhookEventDetail } from "./schemas";
import { serializeEventDetail } from "./serialize-event";

export interface GetEventOptions {
  merchantId: string;
  environment: Environment;
  eventId: string;
}

export async function findMerchantEvent({ merchantId, environment, eventId }: GetEventOptions) {
  const event = /^evt_[0-9A-Za-z]{10,40}$/.test(eventId)
    ? await db.event.findUnique({ where: { id: eventId }, include: { attempts: { orderBy: [{ startedAt: "asc" }, { attempt: "asc" }] } } })
    : null;
  if (!event || event.merchantId !== merchantId || event.environment !== environment) throw notFound(`No such event: ${eventId.slice(0, 64)}`);
  return event;
}

export async function getEvent(options: GetEventOptions): Promise<TWebhookEventDetail> {
  return serializeEventDetail(await findMerchantEvent(options));
}
