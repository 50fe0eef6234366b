import type { SqlFunction } from './apply.ts';

/**
 * Trigger functions behind the ledger tables' guards (tables and triggers: migration 002-ledger,
 * docs/decisions/0012). Each returns `trigger` and takes no arguments, so CREATE OR REPLACE always
 * applies and the triggers keep calling the current body.
 */
export const ledgerGuardFunctions: readonly SqlFunction[] = [
  // Posted entries are never changed: corrections are new compensating transfers.
  {
    signature: 'ledger_refuse_change()',
    sql: `
CREATE OR REPLACE FUNCTION ledger_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger rows are append-only: % on % refused', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'restrict_violation';
END $$;
`,
  },
  // Transfers name existing accounts (checked here rather than by foreign keys, see 002-ledger).
  {
    signature: 'ledger_check_transfer_accounts()',
    sql: `
CREATE OR REPLACE FUNCTION ledger_check_transfer_accounts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- One statement for both ids (debit <> credit is a CHECK): this runs for every transfer.
  IF (SELECT count(*) FROM accounts WHERE account_id IN (NEW.debit_account_id, NEW.credit_account_id)) <> 2
  THEN
    RAISE EXCEPTION 'transfer % names an unknown account', NEW.idempotency_key
      USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NEW;
END $$;
`,
  },
  // Accounts are never removed or re-keyed; only their cached balance changes.
  {
    signature: 'ledger_refuse_account_change()',
    sql: `
CREATE OR REPLACE FUNCTION ledger_refuse_account_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'accounts are permanent: only balance_minor may change' USING ERRCODE = 'restrict_violation';
END $$;
`,
  },
  // Adds NEW - OLD of every balance change to a transaction-local running total (sum-zero check, 002).
  {
    signature: 'ledger_track_delta()',
    sql: `
CREATE OR REPLACE FUNCTION ledger_track_delta() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta_minor numeric;
BEGIN
  delta_minor := CASE TG_OP WHEN 'INSERT' THEN NEW.balance_minor
                            WHEN 'DELETE' THEN -OLD.balance_minor
                            ELSE NEW.balance_minor - OLD.balance_minor END;
  PERFORM set_config('ledger.unbalanced_minor',
    (coalesce(nullif(current_setting('ledger.unbalanced_minor', true), ''), '0')::numeric
     + delta_minor)::text, true);
  RETURN NULL;
END $$;
`,
  },
  // Run at commit by the deferred constraint triggers: the running total must be zero.
  {
    signature: 'ledger_assert_balanced()',
    sql: `
CREATE OR REPLACE FUNCTION ledger_assert_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  unbalanced_minor numeric := coalesce(nullif(current_setting('ledger.unbalanced_minor', true), ''), '0');
BEGIN
  IF unbalanced_minor <> 0 THEN
    RAISE EXCEPTION 'ledger out of balance: this transaction changes balances by % minor units in all',
      unbalanced_minor USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END $$;
`,
  },
];
