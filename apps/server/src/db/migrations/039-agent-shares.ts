/**
 * Sharing the book (docs/decisions/0291): each agent's part of its downline's results is booked into a
 * P/L account of its own, `agent-pl:<agent id>` (may go negative, like the house's), by AGENT_SHARE
 * transfers with the house; cash a parent and child settle outside the portal is an AGENT_SETTLEMENT.
 * A share applies from the moment it is set, so a settlement finds the share in force when a bet was
 * placed in `agent_share_history`. Reports read daily roll-ups written in the settlement's transaction:
 * per agent and child (a child agent or a direct player) and per agent and market, the day being the
 * settlement's (UTC). The house's rows use the nil uuid as agent.
 */
export const sql = `
ALTER DOMAIN ledger_account_kind DROP CONSTRAINT ledger_account_kind_check;
ALTER DOMAIN ledger_account_kind ADD CONSTRAINT ledger_account_kind_check CHECK (VALUE IN ('PLAYER_CASH',
  'PLAYER_HOLD', 'HOUSE', 'COMMISSION', 'CASINO_CLEARING', 'OPERATOR_FUNDING', 'AGENT_PL'));
ALTER DOMAIN ledger_transfer_kind DROP CONSTRAINT ledger_transfer_kind_check;
ALTER DOMAIN ledger_transfer_kind ADD CONSTRAINT ledger_transfer_kind_check CHECK (VALUE IN ('DEPOSIT',
  'WITHDRAW', 'BET_WIN', 'BET_LOSS', 'COMMISSION', 'CASINO_BET', 'CASINO_WIN', 'BET_HOLD', 'BET_RELEASE',
  'BET_SETTLE', 'REVERSAL', 'AGENT_SHARE', 'AGENT_SETTLEMENT'));

INSERT INTO accounts (account_id, kind) SELECT 'agent-pl:' || user_id, 'AGENT_PL' FROM agents;

CREATE TABLE agent_share_history (
  agent_id uuid NOT NULL REFERENCES agents (user_id),
  from_at  timestamptz NOT NULL,
  share_bp integer NOT NULL CHECK (share_bp BETWEEN 0 AND 10000),
  PRIMARY KEY (agent_id, from_at)
);
INSERT INTO agent_share_history (agent_id, from_at, share_bp) SELECT user_id, created_at, share_bp FROM agents;

CREATE TABLE agent_pl_daily (
  agent_id           uuid NOT NULL,
  day                date NOT NULL,
  child_id           uuid NOT NULL,
  turnover_minor     bigint NOT NULL DEFAULT 0,
  players_pl_minor   bigint NOT NULL DEFAULT 0,
  own_share_minor    bigint NOT NULL DEFAULT 0,
  upline_share_minor bigint NOT NULL DEFAULT 0,
  commission_minor   bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (agent_id, day, child_id)
);

CREATE TABLE agent_pl_markets (
  agent_id           uuid NOT NULL,
  day                date NOT NULL,
  market_id          text NOT NULL,
  turnover_minor     bigint NOT NULL DEFAULT 0,
  players_pl_minor   bigint NOT NULL DEFAULT 0,
  own_share_minor    bigint NOT NULL DEFAULT 0,
  upline_share_minor bigint NOT NULL DEFAULT 0,
  commission_minor   bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (agent_id, day, market_id)
);
`;
