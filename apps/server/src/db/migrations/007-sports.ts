/**
 * Sports data applied from the odds feed (docs/decisions/0120): sports, competitions, events (id = the
 * feed's fixture id), markets (id = the feed's market id), runners with the feed's fair chance, and
 * results. `version` grows with every change of a market (the stream's seq); `events.version` likewise
 * for scores and state.
 */
export const sql = `
CREATE TABLE sports (
  slug       text PRIMARY KEY,
  name       text NOT NULL,
  sort_order integer NOT NULL
);

CREATE TABLE competitions (
  id         bigserial PRIMARY KEY,
  sport_slug text NOT NULL REFERENCES sports (slug),
  name       text NOT NULL,
  UNIQUE (sport_slug, name)
);

CREATE TABLE events (
  id             text PRIMARY KEY,
  sport_slug     text NOT NULL REFERENCES sports (slug),
  competition_id bigint NOT NULL REFERENCES competitions (id),
  name           text NOT NULL,
  start_time     timestamptz NOT NULL,
  status         text NOT NULL DEFAULT 'SCHEDULED'
                 CHECK (status IN ('SCHEDULED', 'IN_PLAY', 'FINISHED', 'CLOSED')),
  in_play        boolean NOT NULL DEFAULT false,
  score          jsonb,
  version        bigint NOT NULL DEFAULT 1,
  updated_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX events_sport_start ON events (sport_slug, start_time);
CREATE INDEX events_open ON events (status) WHERE status IN ('SCHEDULED', 'IN_PLAY');

CREATE TABLE markets (
  id                text PRIMARY KEY,
  event_id          text NOT NULL REFERENCES events (id),
  type              text NOT NULL,
  name              text NOT NULL,
  sort_order        integer NOT NULL,
  status            text NOT NULL DEFAULT 'OPEN'
                    CHECK (status IN ('OPEN', 'SUSPENDED', 'CLOSED', 'SETTLED', 'VOID')),
  in_play           boolean NOT NULL DEFAULT false,
  bet_delay_sec     integer NOT NULL CHECK (bet_delay_sec >= 0),
  min_stake_minor   bigint NOT NULL CHECK (min_stake_minor > 0),
  max_stake_minor   bigint NOT NULL CHECK (max_stake_minor >= min_stake_minor),
  commission_percent numeric(5, 2) NOT NULL CHECK (commission_percent >= 0 AND commission_percent <= 100),
  version           bigint NOT NULL DEFAULT 1,
  house_priced      boolean NOT NULL,
  line              jsonb,
  updated_at        timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX markets_event ON markets (event_id, sort_order);

CREATE TABLE runners (
  market_id  text NOT NULL REFERENCES markets (id),
  runner_id  text NOT NULL,
  name       text NOT NULL,
  sort_order integer NOT NULL,
  fair_ppm   integer CHECK (fair_ppm BETWEEN 0 AND 1000000),
  PRIMARY KEY (market_id, runner_id)
);

CREATE TABLE market_results (
  market_id        text PRIMARY KEY REFERENCES markets (id),
  kind             text NOT NULL CHECK (kind IN ('WINNER', 'LINE', 'VOID')),
  winner_runner_id text,
  placings         jsonb,
  line_result      integer,
  decided_at       timestamptz NOT NULL
);

INSERT INTO sports (slug, name, sort_order) VALUES
  ('cricket', 'Cricket', 1),
  ('football', 'Football', 2),
  ('tennis', 'Tennis', 3),
  ('horse-racing', 'Horse Racing', 4),
  ('greyhound-racing', 'Greyhound Racing', 5),
  ('politics', 'Politics', 6),
  ('table-tennis', 'Table Tennis', 7),
  ('badminton', 'Badminton', 8),
  ('esoccer', 'Esoccer', 9),
  ('basketball', 'Basketball', 10),
  ('volleyball', 'Volleyball', 11),
  ('snooker', 'Snooker', 12),
  ('ice-hockey', 'Ice Hockey', 13),
  ('american-football', 'American Football', 14),
  ('baseball', 'Baseball', 15),
  ('boxing', 'Boxing', 16),
  ('darts', 'Darts', 17),
  ('golf', 'Golf', 18),
  ('mixed-martial-arts', 'Mixed Martial Arts', 19),
  ('motor-sport', 'Motor Sport', 20),
  ('rugby-league', 'Rugby League', 21),
  ('rugby-union', 'Rugby Union', 22);
`;
