-- An endpoint's deliveries by index: its log in the back office and the ON DELETE CASCADE when it is deleted
-- scanned the whole Event table before. Partial: callbackUrl events (most rows) add no index entry.
-- CreateIndex
CREATE INDEX "Event_endpoint_idx" ON "Event"("endpointId", "seq") WHERE ("endpointId" IS NOT NULL);
