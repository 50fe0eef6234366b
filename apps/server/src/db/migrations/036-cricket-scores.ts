/**
 * Cricket sports data of a feed (docs/decisions/0279): the latest score folded from its `ccm` lines per
 * mirrored event, with each innings' runs at an over's end, from which the house's Fancy and Odd-Even
 * lines on that match are priced and settled. A restart reads the scores back and passes over the
 * sports-data lines published before the feed's last applied line.
 */
export const sql = `
CREATE TABLE cricket_scores (
  event_id        text PRIMARY KEY,
  feed_id         uuid NOT NULL REFERENCES feeds (id),
  source_event_id text NOT NULL,
  pt              bigint NOT NULL,
  score           jsonb NOT NULL
);
CREATE INDEX cricket_scores_feed ON cricket_scores (feed_id);
`;
