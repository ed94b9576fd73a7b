// POST /providers/{connectorId}/events (SPEC §21): a provider tells Sluice
// that something changed. The signature is checked with the provider's own
// library and the connector's webhook secret (a rotation's previous secret
// too, during its overlap); a bad one is refused 400, stored nowhere and
// counted. A good one is stored once — the provider's event id is unique per
// connector, so a redelivery changes nothing — and applied by a job, so the
// provider gets its 2xx at once, however long applying takes.
import { db, Prisma } from "@/lib/db";
import { AppError, invalid, notFound } from "@/lib/errors";
import type { Prisma as P } from "@/lib/generated/prisma/client";
import { newId } from "@/lib/ids";
import { enqueueJob } from "@/lib/jobs/enqueue-job";
import { JOBS } from "@/lib/jobs/job-types";
import { logger } from "@/lib/log";
import { openCredentials } from "@/lib/connectors/connector-credentials";
import { connectorOptions } from "@/lib/connectors/live-connectors";
import { ProviderEventRejectedError, type ParsedProviderEvent } from "@/lib/providers/live-connector";
import { ProviderCallError } from "@/lib/providers/provider-error";
import { connectorKind } from "@/lib/providers/registry";
import { countRejectedEvent } from "./rejected-events";

/** A provider's event body may be far larger than an API request; Stripe's are tens of KiB. */
export const MAX_EVENT_BYTES = 512 * 1024;

const CONNECTOR_ID = /^cn_[0-9A-Za-z]{10,40}$/;

export interface ReceivedEvent {
  received: true;
  /** This provider event was stored before: nothing new happens. */
  duplicate: boolean;
}

export async function receiveProviderEvent({ connectorId, headers, body }: { connectorId: string; headers: Headers; body: string }): Promise<ReceivedEvent> {
  const connector = CONNECTOR_ID.test(connectorId) ? await db.connector.findUnique({ where: { id: connectorId } }) : null;
  const kind = connector ? connectorKind(connector.provider) : null;
  if (!connector || !kind) throw notFound("No such connector");
  let parsed: ParsedProviderEvent[];
  try {
    // Events of a disabled connector are still taken: the payments it holds (refunds, disputes) keep changing.
    parsed = await kind.parseEvent(body, headers, openCredentials(connector).map((c) => kind.credentials(connector.environment).parse(c)), connectorOptions(connector));
  } catch (error) {
    // The provider's verification service could not be asked (PayPal): not the sender's fault; it delivers again.
    if (error instanceof ProviderCallError) throw new AppError("service_unavailable", "The provider could not verify the event now; deliver it again later");
    if (!(error instanceof ProviderEventRejectedError)) throw error;
    await countRejectedEvent(connectorId, error.reason);
    throw invalid(error.reason === "signature" ? "Invalid signature" : "Not a provider event");
  }
  if (parsed.length === 0 || parsed.some((e) => e.id.length > 255 || e.type.length > 255)) throw invalid("Not a provider event");

  // A batch (Adyen's) is stored event by event: each is deduplicated on its own.
  let duplicate = true;
  for (const event of parsed) if (!(await storeEvent(connectorId, event, body))) duplicate = false;
  return { received: true, duplicate };
}

/** Stores one event and queues its application; true when it was stored before (a redelivery: nothing new happens). */
async function storeEvent(connectorId: string, parsed: ParsedProviderEvent, body: string): Promise<boolean> {
  const id = newId("providerEvent");
  const ignored = parsed.subject.kind === "ignored";
  try {
    await db.providerEvent.create({ data: { id, connectorId, providerEventId: parsed.id, type: parsed.type, subject: parsed.subject as unknown as P.InputJsonValue, payload: body, status: ignored ? "ignored" : "pending", outcome: ignored ? "not an event Sluice acts on" : null } });
  } catch (error) {
    if (!(error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002")) throw error;
    return true;
  }
  if (!ignored) {
    // The row is the durable intent; if Redis is away the recovery queues the job (lib/provider-events/apply-provider-event.ts).
    await enqueueJob(JOBS.applyProviderEvent, { eventId: id }).catch((err: Error) => logger.warn({ eventId: id, err: err.message }, "could not queue a provider event; the recovery will"));
  }
  return false;
}
