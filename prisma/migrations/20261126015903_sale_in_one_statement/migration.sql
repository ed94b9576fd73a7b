-- A sale's writes go to the database as one statement of data-modifying CTEs
-- (lib/transactions/insert-sale.ts, issue #28): one round trip instead of an
-- interactive transaction. A check that fails inside that statement must
-- abort it whole (PostgreSQL then rolls back every CTE's rows), and a
-- statement has no IF: this function is its RAISE. Volatile, so the planner
-- never folds a call away or evaluates it early; the SQLSTATE is the
-- standard raise_exception, the message the code the caller matches.
CREATE FUNCTION sluice_assert(ok boolean, code text) RETURNS boolean
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  IF ok IS NOT TRUE THEN
    RAISE EXCEPTION 'sluice_assert:%', code USING ERRCODE = 'P0001';
  END IF;
  RETURN true;
END
$$;
