/**
 * Ledger tables (packages/ledger README, docs/decisions/0012). The database enforces on its own what the
 * code already guarantees: player balances never below zero, transfers append-only, one reversal per
 * transfer, unique keys, and the sum over all accounts zero at every commit.
 */
export const sql = `
CREATE TABLE accounts (
  account_id    text PRIMARY KEY CHECK (char_length(account_id) BETWEEN 1 AND 128),
  kind          text NOT NULL CHECK (kind IN ('PLAYER_CASH', 'PLAYER_HOLD', 'HOUSE', 'COMMISSION',
                                              'CASINO_CLEARING', 'OPERATOR_FUNDING')),
  player_id     text CHECK (char_length(player_id) <= 64),
  balance_minor bigint NOT NULL DEFAULT 0,
  CONSTRAINT player_balance_not_negative
    CHECK (kind NOT IN ('PLAYER_CASH', 'PLAYER_HOLD') OR balance_minor >= 0),
  CHECK ((kind IN ('PLAYER_CASH', 'PLAYER_HOLD')) = (player_id IS NOT NULL))
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
  kind                       text NOT NULL CHECK (kind IN ('DEPOSIT', 'WITHDRAW', 'BET_WIN', 'COMMISSION',
                               'CASINO_BET', 'CASINO_WIN', 'BET_HOLD', 'BET_RELEASE', 'BET_SETTLE', 'REVERSAL')),
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
  IF NOT EXISTS (SELECT 1 FROM accounts WHERE account_id = NEW.debit_account_id)
     OR NOT EXISTS (SELECT 1 FROM accounts WHERE account_id = NEW.credit_account_id) THEN
    RAISE EXCEPTION 'transfer % names an unknown account', NEW.idempotency_key
      USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER transfers_accounts_exist BEFORE INSERT ON transfers
  FOR EACH ROW EXECUTE FUNCTION ledger_check_transfer_accounts();

-- Accounts are never removed or re-keyed; only their cached balance changes.
CREATE FUNCTION ledger_refuse_account_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR NEW.account_id <> OLD.account_id OR NEW.kind <> OLD.kind
     OR NEW.player_id IS DISTINCT FROM OLD.player_id THEN
    RAISE EXCEPTION 'accounts are permanent: only balance_minor may change' USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER accounts_permanent BEFORE UPDATE OR DELETE ON accounts
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_account_change();

-- Checked at commit, once the whole operation is written: money is neither created nor destroyed.
CREATE FUNCTION ledger_assert_sum_zero() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  total numeric;
BEGIN
  -- One check per transaction is enough: deferred triggers run after every write of the transaction.
  IF current_setting('ledger.sum_checked', true) = 'yes' THEN
    RETURN NULL;
  END IF;
  PERFORM set_config('ledger.sum_checked', 'yes', true);
  SELECT coalesce(sum(balance_minor), 0) + coalesce((SELECT sum(balance_minor) FROM system_balance_shards), 0)
    INTO total FROM accounts;
  IF total <> 0 THEN
    RAISE EXCEPTION 'ledger out of balance: accounts sum to % minor units', total
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END $$;
CREATE CONSTRAINT TRIGGER accounts_sum_zero AFTER INSERT OR UPDATE OF balance_minor ON accounts
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  EXECUTE FUNCTION ledger_assert_sum_zero();
CREATE CONSTRAINT TRIGGER shards_sum_zero AFTER INSERT OR UPDATE ON system_balance_shards
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_assert_sum_zero();
`;
