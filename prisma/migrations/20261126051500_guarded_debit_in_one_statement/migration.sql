-- A payout's and a refund's writes go to the database as one statement, as a
-- sale's do (lib/transactions/insert-new-transaction.ts, issue #28). Their two
-- guards need a lock and then a read that sees everything committed before
-- the lock was granted. One SQL statement cannot do that: its snapshot is
-- taken before it waits, and a row lock re-reads only the locked row. A
-- VOLATILE function can: each query in it takes a fresh snapshot (PostgreSQL
-- "Function Volatility Categories"), so these two functions are the lock and
-- the fresh read, called from inside the statement. The locks are held until
-- the statement's transaction commits, as in the interactive transactions
-- they replace. A refusal raises sluice_assert:<code>, which rolls the whole
-- statement back; the caller maps the code to its seed error.
--
-- Because a volatile function also sees what its calling statement has
-- already written, each leaves out the caller's own rows by id rather than
-- relying on the order in which the statement's CTEs run.

-- A guarded debit (SPEC §6: a payout reserve or a refund never takes the
-- merchant's available balance below zero). Locks the debited account FOR NO
-- KEY UPDATE (queues only the other guarded debits of that account and the
-- roll-up, not credits), then reads its balance (rolled-up balance plus
-- entries not yet rolled up, except this journal's own) in a new snapshot.
-- A missing account is a zero balance. Returns the account's id.
CREATE FUNCTION sluice_guard_debit(account_key text, debit bigint, journal text) RETURNS text
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  account text;
  available bigint;
BEGIN
  SELECT id INTO account FROM "LedgerAccount" WHERE key = account_key FOR NO KEY UPDATE;
  IF account IS NULL THEN
    RAISE EXCEPTION 'sluice_assert:%', 'insufficient_balance' USING ERRCODE = 'P0001';
  END IF;
  SELECT a.balance + COALESCE((SELECT SUM(e.amount) FROM "LedgerEntry" e WHERE e."accountId" = a.id AND NOT e."rolledUp" AND e."journalId" <> journal), 0)
    INTO available FROM "LedgerAccount" a WHERE a.id = account;
  IF available + debit < 0 THEN
    RAISE EXCEPTION 'sluice_assert:%', 'insufficient_balance' USING ERRCODE = 'P0001';
  END IF;
  RETURN account;
END
$$;

-- The customer's daily payout limit (SPEC §7), the same rule as
-- lib/customers/remaining-payout-limit.ts (which GET /v1/customers/{buyerId}
-- shows): the limit of the customer's KYC level, less today's (UTC) payouts
-- that may still move money. Serialised per customer by a transaction-level
-- advisory lock (the key lib/risk used: no row needs to exist, unrelated
-- writes to the customer are not blocked), then counted in a new snapshot,
-- so two concurrent payouts of one customer can never pass together.
CREATE FUNCTION sluice_payout_limit(merchant text, env "Environment", buyer text, payout text, amount bigint, day_start timestamptz) RETURNS boolean
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  daily bigint;
  used bigint;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('payout-limit:' || merchant || ':' || env::text || ':' || buyer, 0));
  SELECT CASE WHEN COALESCE((SELECT c."kycLevel" FROM "Customer" c WHERE c."merchantId" = merchant AND c.environment = env AND c."buyerId" = buyer), 'basic') = 'enhanced'
    THEN s."dailyLimitEnhanced" ELSE s."dailyLimitBasic" END
    INTO daily FROM "MerchantSettings" s WHERE s."merchantId" = merchant AND s.environment = env;
  SELECT COALESCE(SUM(t.amount), 0) INTO used FROM "Transaction" t
    WHERE t."merchantId" = merchant AND t.environment = env AND t."buyerId" = buyer AND t.action = 'PAYOUT'
      AND t.status NOT IN ('DECLINED', 'CANCELED') AND t."createdAt" >= day_start AND t.id <> payout;
  IF daily IS NULL OR used + amount > daily THEN
    RAISE EXCEPTION 'sluice_assert:%', 'payout_limit_exceeded' USING ERRCODE = 'P0001';
  END IF;
  RETURN true;
END
$$;
