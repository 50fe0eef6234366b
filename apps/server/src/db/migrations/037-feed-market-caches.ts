/**
 * A feed's market cache kept one row per source market (docs/decisions/0276): a batch writes the
 * markets its lines changed, no longer the whole cache, and `feeds.cache` keeps only the clocks. The
 * markets of each stored cache move to their rows here.
 */
export const sql = `
CREATE TABLE feed_market_caches (
  feed_id          uuid NOT NULL REFERENCES feeds (id),
  source_market_id text NOT NULL,
  snapshot         jsonb NOT NULL,
  PRIMARY KEY (feed_id, source_market_id)
);
INSERT INTO feed_market_caches (feed_id, source_market_id, snapshot)
SELECT f.id, m.value->>'id', m.value
FROM feeds f, jsonb_array_elements(f.cache->'markets') AS m(value)
WHERE f.cache IS NOT NULL AND jsonb_typeof(f.cache->'markets') = 'array'
ON CONFLICT DO NOTHING;
UPDATE feeds SET cache = jsonb_set(cache, '{markets}', '[]'::jsonb) WHERE cache IS NOT NULL;
`;
