// Options for the database transactions that create or move money (sale,
// payout, refund, chargeback). They queue on the merchant's balance row (and
// a payout on its customer's limit lock) by design, so under a burst many of
// them wait for a pool connection or a lock at once. Prisma's defaults (2 s
// to get a connection, 5 s in total) would turn that queue into 500s; these
// let it drain instead, while still bounding a stuck transaction.
export const MONEY_TRANSACTION_OPTIONS = { maxWait: 15_000, timeout: 20_000 } as const;
