// The webhook event body (SPEC §9). Built once, stored as text in the
// outbox row, and sent byte for byte on every attempt: the signature always
// covers exactly what was stored.
import type { Transaction } from "@/lib/generated/prisma/client";
import { iso } from "@/lib/time";

export interface EventPayload {
  id: string;
  event: string;
  createdAt: string;
  environment: Transaction["environment"];
  data: {
    id: string;
    orderId: string;
    status: Transaction["status"];
    action: Transaction["action"];
    amount: number;
    currency: string;
    createdAt: string;
    updatedAt: string;
    declineCode?: string;
    parentId?: string;
  };
}

export function buildEventPayload(eventId: string, kind: string, createdAt: Date, t: Transaction): EventPayload {
  const data: EventPayload["data"] = {
    id: t.id,
    orderId: t.orderId,
    status: t.status,
    action: t.action,
    amount: Number(t.amount),
    currency: t.currency,
    createdAt: iso(t.createdAt),
    updatedAt: iso(t.updatedAt),
  };
  if (t.declineCode) data.declineCode = t.declineCode;
  if (t.parentId) data.parentId = t.parentId;
  return { id: eventId, event: kind, createdAt: iso(createdAt), environment: t.environment, data };
}

export interface TestEventPayload {
  id: string;
  event: string;
  createdAt: string;
  environment: Transaction["environment"];
  data: { message: string };
}

/** The body of a "send a test webhook" event: the envelope of every event, and no transaction. */
export function buildTestEventPayload({ id, kind, createdAt, environment }: { id: string; kind: string; createdAt: Date; environment: Transaction["environment"] }): TestEventPayload {
  return { id, event: kind, createdAt: iso(createdAt), environment, data: { message: "This is a test webhook from Sluice. Verify its signature, then answer 2xx." } };
}
