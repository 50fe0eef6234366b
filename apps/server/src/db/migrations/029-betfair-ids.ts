/**
 * Betfair's ids for the trading API (docs/decisions/0256). A sport answers as Betfair's event type id
 * (Soccer 1, Cricket 4…; a sport Betfair lacks, a number of ours above 90,000,000); events, markets and
 * runners get a number from a sequence when they are inserted (marketId "1.<n>", selectionId n), and
 * the rows that exist already are numbered by this migration. Numbers never change or get reused, so a
 * client's ids hold across restarts; competitions keep their own bigserial id. The unique indexes answer
 * the way back, from a client's number to our row.
 */
export const sql = `
ALTER TABLE sports ADD COLUMN bf_id bigint;
UPDATE sports SET bf_id = v.bf_id
  FROM (VALUES ('football', 1), ('tennis', 2), ('golf', 3), ('cricket', 4), ('rugby-union', 5), ('boxing', 6),
               ('horse-racing', 7), ('motor-sport', 8), ('darts', 3503), ('snooker', 6422),
               ('american-football', 6423), ('baseball', 7511), ('basketball', 7522), ('ice-hockey', 7524),
               ('greyhound-racing', 4339), ('politics', 2378961), ('rugby-league', 1477),
               ('mixed-martial-arts', 26420387), ('table-tennis', 90000001), ('badminton', 90000002),
               ('esoccer', 90000003), ('volleyball', 90000004)) AS v (slug, bf_id)
 WHERE sports.slug = v.slug;
ALTER TABLE sports ALTER COLUMN bf_id SET NOT NULL;
ALTER TABLE sports ADD CONSTRAINT sports_bf_id UNIQUE (bf_id);

ALTER TABLE events ADD COLUMN bf_id bigserial;
ALTER TABLE events ADD CONSTRAINT events_bf_id UNIQUE (bf_id);
ALTER TABLE markets ADD COLUMN bf_id bigserial;
ALTER TABLE markets ADD CONSTRAINT markets_bf_id UNIQUE (bf_id);
ALTER TABLE runners ADD COLUMN bf_id bigserial;
ALTER TABLE runners ADD CONSTRAINT runners_bf_id UNIQUE (bf_id);
`;
