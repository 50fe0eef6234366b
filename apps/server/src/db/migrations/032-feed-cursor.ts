/**
 * Where the built-in match simulator's run began and how far its events are applied
 * (docs/decisions/0263): written in each feed batch's own transaction, so an instance that takes the
 * feed over (or a restart) rebuilds the same run up to that point and goes on with it, instead of
 * starting a new one that closes every open event.
 */
export const sql = `
CREATE TABLE feed_cursor (
  id               smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  seed             text NOT NULL,
  speed            double precision NOT NULL,
  origin_ms        bigint NOT NULL,
  applied_until_ms bigint NOT NULL
);
`;
