// Outbox relay: moves committed events to the webhook queue. Implemented by
// the webhook-delivery work (issue #4); until then events wait in PostgreSQL,
// which is exactly the state the relay's sweep starts from.
export async function enqueueEvents(eventIds: string[]): Promise<void> {
  void eventIds;
}
