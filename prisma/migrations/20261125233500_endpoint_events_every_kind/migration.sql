-- SPEC §18: an endpoint registered without `events` receives every kind. It used to be stored as an
-- empty list (read as "every kind" by the relay); now the full list is stored and answered, so a GET
-- shows what the endpoint receives. Existing "every kind" endpoints get the list of kinds that exist
-- at this migration, which is what they received until now.
UPDATE "WebhookEndpoint"
SET "events" = ARRAY['transaction.processing', 'transaction.authorized', 'transaction.wait_approve', 'transaction.succeeded',
                     'transaction.declined', 'transaction.canceled', 'transaction.expired', 'test.webhook']::TEXT[]
WHERE "events" IS NULL OR cardinality("events") = 0;
