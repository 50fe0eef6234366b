/**
 * In-house tables and the crash game (docs/decisions/0150, 0152, 0153). One row per round, every table
 * and the crash game sharing the id sequence, so Casino Results lists them together and a round id
 * names one round. `version` grows with every change of a round (the stream's seq) and guards writes:
 * an owner that lost its unit cannot overwrite its successor. The server seed stays secret until the
 * result is out; the API reveals it only from RESULT on.
 */
export const sql = `
CREATE TABLE table_rounds (
  id               bigserial PRIMARY KEY,
  table_id         text NOT NULL,
  status           text NOT NULL
                   CHECK (status IN ('BETTING', 'CLOSED', 'DEALING', 'RESULT', 'RUNNING', 'SETTLED', 'VOID')),
  server_seed      text NOT NULL,
  server_seed_hash text NOT NULL,
  client_seed      text NOT NULL,
  nonce            bigint NOT NULL,
  opened_at        timestamptz NOT NULL,
  closes_at        timestamptz NOT NULL,
  phase_ends_at    timestamptz NOT NULL,
  outcome          jsonb,
  winner           text,
  version          integer NOT NULL DEFAULT 1,
  settled_at       timestamptz
);
CREATE INDEX table_rounds_latest ON table_rounds (table_id, id DESC);
CREATE INDEX table_rounds_settled ON table_rounds (settled_at) WHERE status IN ('SETTLED', 'VOID');
CREATE UNIQUE INDEX table_rounds_one_open ON table_rounds (table_id) WHERE status NOT IN ('SETTLED', 'VOID');

CREATE TABLE table_bets (
  id             uuid PRIMARY KEY,
  round_id       bigint NOT NULL REFERENCES table_rounds (id),
  table_id       text NOT NULL,
  player_id      text NOT NULL,
  market_id      text NOT NULL,
  odds_hundredths integer NOT NULL CHECK (odds_hundredths > 100),
  stake_minor    bigint NOT NULL CHECK (stake_minor > 0),
  status         text NOT NULL DEFAULT 'OPEN' CHECK (status IN ('OPEN', 'WON', 'LOST', 'PUSH', 'VOID')),
  payout_minor   bigint CHECK (payout_minor >= 0),
  client_ref     text NOT NULL,
  fingerprint    text NOT NULL,
  placed_at      timestamptz NOT NULL,
  settled_at     timestamptz,
  UNIQUE (player_id, client_ref)
);
CREATE INDEX table_bets_round ON table_bets (round_id);
CREATE INDEX table_bets_player ON table_bets (player_id, table_id, round_id DESC);

CREATE TABLE crash_chains (
  id            serial PRIMARY KEY,
  terminal_seed text NOT NULL,
  length        integer NOT NULL CHECK (length > 0),
  commitment    text NOT NULL UNIQUE,
  salt          text NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE crash_rounds (
  round_id         bigint PRIMARY KEY REFERENCES table_rounds (id),
  chain_id         integer NOT NULL REFERENCES crash_chains (id),
  chain_index      integer NOT NULL,
  crash_hundredths integer NOT NULL CHECK (crash_hundredths >= 100),
  UNIQUE (chain_id, chain_index)
);

CREATE TABLE crash_bets (
  id                   uuid PRIMARY KEY,
  round_id             bigint NOT NULL REFERENCES table_rounds (id),
  player_id            text NOT NULL,
  stake_minor          bigint NOT NULL CHECK (stake_minor > 0),
  auto_hundredths      integer CHECK (auto_hundredths > 100),
  cashed_out_hundredths integer CHECK (cashed_out_hundredths >= 100),
  status               text NOT NULL DEFAULT 'OPEN' CHECK (status IN ('OPEN', 'CASHED_OUT', 'LOST', 'VOID')),
  payout_minor         bigint CHECK (payout_minor >= 0),
  client_ref           text NOT NULL,
  fingerprint          text NOT NULL,
  placed_at            timestamptz NOT NULL,
  cashed_out_at        timestamptz,
  settled_at           timestamptz,
  UNIQUE (player_id, client_ref)
);
CREATE INDEX crash_bets_round ON crash_bets (round_id);
CREATE INDEX crash_bets_player ON crash_bets (player_id, round_id DESC);
`;
