/**
 * Feeds of Betfair Exchange Stream data (docs/decisions/0270): uploaded files, the feeds that replay them
 * or follow a live stream (position and market cache written with every applied batch, so a restart
 * or a takeover goes on from the last applied line), each source market's portal market, and the
 * latest source book per mirrored market. Markets gain the source's terms; events and markets note
 * that they mirror a source, so the built-in simulator's new run never closes them.
 */
export const sql = `
CREATE TABLE feed_files (
  id         uuid PRIMARY KEY,
  name       text NOT NULL,
  bytes      bigint NOT NULL CHECK (bytes >= 0),
  kind       text NOT NULL CHECK (kind IN ('stream', 'catalogue', 'sports-data')),
  lines      bigint NOT NULL DEFAULT 0,
  path       text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE feeds (
  id          uuid PRIMARY KEY,
  kind        text NOT NULL CHECK (kind IN ('replay', 'stream')),
  state       text NOT NULL CHECK (state IN ('running', 'paused', 'finished', 'stopped', 'failed')),
  speed       double precision NOT NULL,
  max_gap_ms  bigint,
  until_pt    bigint,
  settle_from text NOT NULL CHECK (settle_from IN ('source', 'trader')),
  file_ids    uuid[] NOT NULL DEFAULT '{}',
  config      jsonb NOT NULL DEFAULT '{}',
  total_lines bigint NOT NULL DEFAULT 0,
  file_index  integer NOT NULL DEFAULT 0,
  line_number bigint NOT NULL DEFAULT 0,
  clk         text,
  cache       jsonb,
  applied     bigint NOT NULL DEFAULT 0,
  skipped     bigint NOT NULL DEFAULT 0,
  errors      jsonb NOT NULL DEFAULT '[]',
  last_pt     bigint,
  lag_ms      bigint,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX feeds_live ON feeds (state) WHERE state IN ('running', 'paused');

CREATE TABLE feed_markets (
  feed_id          uuid NOT NULL REFERENCES feeds (id),
  source_market_id text NOT NULL,
  market_id        text NOT NULL UNIQUE,
  event_id         text NOT NULL,
  pending_result   jsonb,
  PRIMARY KEY (feed_id, source_market_id)
);

CREATE TABLE source_books (
  market_id text PRIMARY KEY,
  feed_id   uuid NOT NULL REFERENCES feeds (id),
  pt        bigint NOT NULL,
  book      jsonb NOT NULL
);

ALTER TABLE markets ADD COLUMN number_of_winners integer;
ALTER TABLE markets ADD COLUMN bsp_market boolean;
ALTER TABLE markets ADD COLUMN market_time timestamptz;
ALTER TABLE markets ADD COLUMN source_market_type text;
ALTER TABLE markets ADD COLUMN mirrored boolean NOT NULL DEFAULT false;
ALTER TABLE events ADD COLUMN mirrored boolean NOT NULL DEFAULT false;
`;
