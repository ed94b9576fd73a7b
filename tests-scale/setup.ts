// Quiet request logs, as in the main suite (tests/setup-isolation.ts); the
// database and Redis prefix come next, from tests-faults/setup-isolation.ts.
process.env.LOG_LEVEL = process.env.TEST_LOG_LEVEL ?? "silent";
