/**
 * The exchange (docs/decisions/0130): players' bets with their matched and cancelled parts, every fill
 * between two orders, the best-price ladder each market shows, and one row per settled market. Market
 * maker quotes are not stored: they follow the fair price and are placed again when a market is loaded.
 * A market's net result for a player is a BET_WIN or, new here, a BET_LOSS transfer.
 */
export const sql = `
ALTER DOMAIN ledger_transfer_kind DROP CONSTRAINT ledger_transfer_kind_check;
ALTER DOMAIN ledger_transfer_kind ADD CONSTRAINT ledger_transfer_kind_check CHECK (VALUE IN ('DEPOSIT',
  'WITHDRAW', 'BET_WIN', 'BET_LOSS', 'COMMISSION', 'CASINO_BET', 'CASINO_WIN', 'BET_HOLD', 'BET_RELEASE',
  'BET_SETTLE', 'REVERSAL'));

-- Whether the market maker quotes on a market (an operator's custom market may do without).
ALTER TABLE markets ADD COLUMN market_maker boolean NOT NULL DEFAULT true;

CREATE TABLE bets (
  id                 text PRIMARY KEY,
  seq                bigint NOT NULL,
  player_id          text NOT NULL,
  market_id          text NOT NULL REFERENCES markets (id),
  runner_id          text NOT NULL,
  side               text NOT NULL CHECK (side IN ('BACK', 'LAY')),
  price_tick         integer NOT NULL,
  stake_minor        bigint NOT NULL CHECK (stake_minor > 0),
  matched_minor      bigint NOT NULL CHECK (matched_minor >= 0),
  matched_value      bigint NOT NULL CHECK (matched_value >= 0),
  cancelled_minor    bigint NOT NULL CHECK (cancelled_minor >= 0),
  status             text NOT NULL CHECK (status IN ('MATCHED', 'UNMATCHED', 'PARTIALLY_MATCHED',
                       'CANCELLED', 'LAPSED', 'SETTLED', 'VOID')),
  persistence        text NOT NULL CHECK (persistence IN ('LAPSE', 'PERSIST')),
  client_ref         text NOT NULL,
  fingerprint        text NOT NULL,
  profit_minor       bigint,
  -- The run line a house line bet (fancy, khado, odd/even) was struck at.
  line               jsonb,
  placed_at          timestamptz NOT NULL,
  updated_at         timestamptz NOT NULL,
  CHECK (matched_minor + cancelled_minor <= stake_minor),
  UNIQUE (player_id, client_ref)
);
CREATE INDEX bets_market_open ON bets (market_id, seq) WHERE status IN ('UNMATCHED', 'PARTIALLY_MATCHED');
CREATE INDEX bets_player_placed ON bets (player_id, placed_at DESC);

CREATE TABLE bet_fills (
  id               bigserial PRIMARY KEY,
  market_id        text NOT NULL REFERENCES markets (id),
  runner_index     integer NOT NULL,
  price_tick       integer NOT NULL,
  size_minor       bigint NOT NULL CHECK (size_minor > 0),
  taker_side       text NOT NULL CHECK (taker_side IN ('BACK', 'LAY')),
  taker_order_id   text NOT NULL,
  taker_account_id text NOT NULL,
  maker_order_id   text NOT NULL,
  maker_account_id text NOT NULL,
  created_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX bet_fills_market ON bet_fills (market_id, id);

CREATE TABLE market_books (
  market_id text PRIMARY KEY REFERENCES markets (id),
  version   bigint NOT NULL,
  ladder    jsonb NOT NULL
);

CREATE TABLE market_settlements (
  market_id  text PRIMARY KEY REFERENCES markets (id),
  result     jsonb NOT NULL,
  settled_at timestamptz NOT NULL DEFAULT now()
);
`;
