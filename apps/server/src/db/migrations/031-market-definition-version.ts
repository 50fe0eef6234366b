/**
 * The trading API's market version (docs/decisions/0259): Betfair's moves only when the market's
 * definition does (status, in play, bet delay, name, base rate), while `markets.version` also moves on
 * every fair-price update of the feed and on stake limits. `definition_version` is bumped by a trigger
 * in the very statement that changes one of those columns, whoever writes it (the feed, the exchange's
 * batch, the operator), so the book, the stream and placeOrders' marketVersion check read one number.
 * Existing markets start from their current version, so no client sees a version go back.
 */
export const sql = `
ALTER TABLE markets ADD COLUMN definition_version bigint NOT NULL DEFAULT 1;
UPDATE markets SET definition_version = version;

CREATE FUNCTION markets_bump_definition_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.definition_version := OLD.definition_version + 1;
  RETURN NEW;
END $$;
CREATE TRIGGER markets_definition_version BEFORE UPDATE ON markets
  FOR EACH ROW
  WHEN ((OLD.status, OLD.in_play, OLD.bet_delay_sec, OLD.name, OLD.commission_percent)
        IS DISTINCT FROM (NEW.status, NEW.in_play, NEW.bet_delay_sec, NEW.name, NEW.commission_percent))
  EXECUTE FUNCTION markets_bump_definition_version();
`;
