/**
 * Ledger tables (packages/ledger README, docs/decisions/0012). The database enforces on its own what the
 * code already guarantees: player balances never below zero, transfers append-only, one reversal per
 * transfer, unique keys, and the sum over all accounts zero at every commit.
 */
export const sql = `
-- The lists of kinds are domains rather than table CHECKs: PostgreSQL re-reads a table's CHECK
-- expressions from the catalogue for every statement that writes the table, and these lists were the
-- largest part of that cost on the hot path (docs/decisions/0013); a domain's check is cached per
-- connection and runs only where a kind is written.
CREATE DOMAIN ledger_account_kind AS text CHECK (VALUE IN ('PLAYER_CASH', 'PLAYER_HOLD', 'HOUSE',
  'COMMISSION', 'CASINO_CLEARING', 'OPERATOR_FUNDING'));
CREATE DOMAIN ledger_transfer_kind AS text CHECK (VALUE IN ('DEPOSIT', 'WITHDRAW', 'BET_WIN', 'COMMISSION',
  'CASINO_BET', 'CASINO_WIN', 'BET_HOLD', 'BET_RELEASE', 'BET_SETTLE', 'REVERSAL'));

CREATE TABLE accounts (
  account_id    text PRIMARY KEY CHECK (char_length(account_id) BETWEEN 1 AND 128),
  kind          ledger_account_kind NOT NULL,
  player_id     text CHECK (char_length(player_id) <= 64),
  balance_minor bigint NOT NULL DEFAULT 0,
  -- Exactly the PLAYER_* kinds belong to a player (next check), so this is "player balances >= 0".
  CONSTRAINT player_balance_not_negative CHECK (player_id IS NULL OR balance_minor >= 0),
  CHECK ((left(kind, 7) = 'PLAYER_') = (player_id IS NOT NULL))
);
CREATE INDEX accounts_player ON accounts (player_id) WHERE player_id IS NOT NULL;

INSERT INTO accounts (account_id, kind) VALUES
  ('house', 'HOUSE'), ('commission', 'COMMISSION'),
  ('casino-clearing', 'CASINO_CLEARING'), ('operator-funding', 'OPERATOR_FUNDING');

-- Players that exist before this migration get their accounts too.
INSERT INTO accounts (account_id, kind, player_id)
  SELECT 'cash:' || id, 'PLAYER_CASH', id::text FROM users WHERE role = 'player'
  UNION ALL
  SELECT 'hold:' || id, 'PLAYER_HOLD', id::text FROM users WHERE role = 'player';

CREATE TABLE transfers (
  id                         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  idempotency_key            text NOT NULL UNIQUE CHECK (char_length(idempotency_key) <= 140),
  -- Checked by transfers_accounts_exist rather than foreign keys: a foreign key takes a share lock on
  -- the referenced row, and every transfer names a system account, so those locks would serialise
  -- the whole ledger on a handful of rows. Accounts are never deleted, so a check at insert suffices.
  debit_account_id           text NOT NULL,
  credit_account_id          text NOT NULL,
  amount_minor               bigint NOT NULL CHECK (amount_minor > 0),
  kind                       ledger_transfer_kind NOT NULL,
  remark                     text NOT NULL CHECK (char_length(remark) <= 256),
  reference                  text NOT NULL CHECK (char_length(reference) <= 128),
  hold_id                    text,
  reverses_transfer_id       bigint UNIQUE REFERENCES transfers (id),
  -- Player balances right after this transfer (statement Pts without scanning older history); null
  -- on the side of a system account, whose balance is spread over shards.
  debit_balance_after_minor  bigint,
  credit_balance_after_minor bigint,
  created_at                 timestamptz NOT NULL DEFAULT now(),
  CHECK (debit_account_id <> credit_account_id)
);
CREATE INDEX transfers_debit ON transfers (debit_account_id, id);
CREATE INDEX transfers_credit ON transfers (credit_account_id, id);

-- System accounts take the other side of every player movement. One row each would serialise every
-- transaction in the portal on its row lock, so their balance is the sum of a few shard rows
-- (accounts.balance_minor stays 0 for them). They may go negative, so no check needs the total.
CREATE TABLE system_balance_shards (
  account_id    text NOT NULL REFERENCES accounts (account_id),
  shard         smallint NOT NULL,
  balance_minor bigint NOT NULL,
  PRIMARY KEY (account_id, shard)
);

CREATE TABLE holds (
  hold_id                text PRIMARY KEY CHECK (char_length(hold_id) <= 128),
  player_id              text NOT NULL,
  state                  text NOT NULL CHECK (state IN ('PENDING', 'POSTED', 'VOIDED')),
  held_minor             bigint NOT NULL CHECK (held_minor >= 0),
  posted_minor           bigint NOT NULL DEFAULT 0 CHECK (posted_minor >= 0),
  destination_account_id text REFERENCES accounts (account_id),
  reference              text NOT NULL,
  CHECK (state = 'PENDING' OR held_minor = 0)
);

CREATE TABLE ledger_operations (
  idempotency_key text PRIMARY KEY,
  fingerprint     text NOT NULL,
  result          jsonb NOT NULL,
  created_at      timestamptz NOT NULL DEFAULT now()
);

-- Posted entries are never changed: corrections are new compensating transfers.
CREATE FUNCTION ledger_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger rows are append-only: % on % refused', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'restrict_violation';
END $$;
CREATE TRIGGER transfers_append_only BEFORE UPDATE OR DELETE ON transfers
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
CREATE TRIGGER transfers_no_truncate BEFORE TRUNCATE ON transfers
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
CREATE TRIGGER operations_append_only BEFORE UPDATE OR DELETE ON ledger_operations
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();

CREATE FUNCTION ledger_check_transfer_accounts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- One statement for both ids (debit <> credit is a CHECK): this runs for every transfer.
  IF (SELECT count(*) FROM accounts WHERE account_id IN (NEW.debit_account_id, NEW.credit_account_id)) <> 2
  THEN
    RAISE EXCEPTION 'transfer % names an unknown account', NEW.idempotency_key
      USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER transfers_accounts_exist BEFORE INSERT ON transfers
  FOR EACH ROW EXECUTE FUNCTION ledger_check_transfer_accounts();

-- Accounts are never removed or re-keyed; only their cached balance changes. The WHEN clause keeps
-- the function out of balance updates, which are every transfer.
CREATE FUNCTION ledger_refuse_account_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'accounts are permanent: only balance_minor may change' USING ERRCODE = 'restrict_violation';
END $$;
CREATE TRIGGER accounts_permanent BEFORE UPDATE ON accounts FOR EACH ROW
  WHEN ((OLD.account_id, OLD.kind, OLD.player_id) IS DISTINCT FROM (NEW.account_id, NEW.kind, NEW.player_id))
  EXECUTE FUNCTION ledger_refuse_account_change();
CREATE TRIGGER accounts_never_deleted BEFORE DELETE ON accounts
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_account_change();

-- Money is neither created nor destroyed, checked at commit at a cost proportional to the rows the
-- transaction changed (never to the number of accounts): every change of a balance, on an account row
-- or a shard, adds NEW - OLD to a transaction-local running total, and a deferred constraint trigger
-- refuses the commit unless that total is zero. The total lives in a transaction-local setting, so a
-- rolled-back savepoint takes its share back with it. ledger_audit() (003) re-checks everything from
-- the transfers themselves, including changes that bypass these triggers.
CREATE FUNCTION ledger_track_delta() RETURNS trigger LANGUAGE plpgsql AS $$
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
-- Accounts are never deleted (accounts_never_deleted), so inserts and updates are all there is to
-- track. Updates carry no WHEN clause: every update on the hot path moves a balance anyway.
CREATE TRIGGER accounts_delta_tracked AFTER UPDATE ON accounts
  FOR EACH ROW EXECUTE FUNCTION ledger_track_delta();
CREATE TRIGGER accounts_delta_tracked_insert AFTER INSERT ON accounts
  FOR EACH ROW WHEN (NEW.balance_minor <> 0) EXECUTE FUNCTION ledger_track_delta();
CREATE TRIGGER shards_delta_tracked AFTER INSERT OR UPDATE OR DELETE ON system_balance_shards
  FOR EACH ROW EXECUTE FUNCTION ledger_track_delta();

-- Queued once per changed row, run at commit when every write is in: O(1) each. Triggers of one event
-- fire in name order, so *_delta_tracked runs before *_sum_zero even under SET CONSTRAINTS IMMEDIATE
-- (which then checks after every statement: stricter, never looser).
CREATE FUNCTION ledger_assert_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  unbalanced_minor numeric := coalesce(nullif(current_setting('ledger.unbalanced_minor', true), ''), '0');
BEGIN
  IF unbalanced_minor <> 0 THEN
    RAISE EXCEPTION 'ledger out of balance: this transaction changes balances by % minor units in all',
      unbalanced_minor USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END $$;
CREATE CONSTRAINT TRIGGER accounts_sum_zero AFTER UPDATE ON accounts
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_assert_balanced();
-- WHEN is judged as the row is written, so opening accounts (balance 0) queues nothing.
CREATE CONSTRAINT TRIGGER accounts_sum_zero_insert AFTER INSERT ON accounts
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (NEW.balance_minor <> 0) EXECUTE FUNCTION ledger_assert_balanced();
CREATE CONSTRAINT TRIGGER shards_sum_zero AFTER INSERT OR UPDATE OR DELETE ON system_balance_shards
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_assert_balanced();

-- TRUNCATE fires no row trigger, so it is refused outright on the tables that carry balances.
CREATE TRIGGER accounts_no_truncate BEFORE TRUNCATE ON accounts
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
CREATE TRIGGER shards_no_truncate BEFORE TRUNCATE ON system_balance_shards
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
`;
