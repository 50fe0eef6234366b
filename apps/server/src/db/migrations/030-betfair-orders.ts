/**
 * What the trading API keeps of an order beside the bet (docs/decisions/0257): the caller's order and
 * strategy references, keyed like the bet by (player, clientRef) and written before the bet is placed,
 * so every bet placed with references finds them; and each request's customerRef for Betfair's
 * 60-second de-duplication, shared by every instance.
 */
export const sql = `
CREATE TABLE betfair_order_refs (
  player_id             text NOT NULL,
  client_ref            text NOT NULL,
  customer_order_ref    text,
  customer_strategy_ref text,
  PRIMARY KEY (player_id, client_ref)
);

CREATE TABLE betfair_customer_refs (
  player_id    text NOT NULL,
  customer_ref text NOT NULL,
  used_at      timestamptz NOT NULL,
  PRIMARY KEY (player_id, customer_ref)
);
`;
