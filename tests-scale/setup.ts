// Quiet request logs, as in the main suite (tests/setup-isolation.ts); the
// database and Redis prefix come next, from tests-faults/setup-isolation.ts.
process.env.LOG_LEVEL = process.env.TEST_LOG_LEVEL ?? "silent";
// Every database connection here goes through PgBouncer 1.18 in transaction mode, which cannot
// carry a prepared statement from one server connection to the next (README "PgBouncer").
process.env.DATABASE_PREPARED_STATEMENTS = "false";
