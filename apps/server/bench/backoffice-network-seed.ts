/**
 * The agent network bench:backoffice times (docs/decisions/0298), written straight into the tables with
 * set-based statements: a 6-level tree (2 admins, then 4, 4, 4, 4 and 2 children each: 1,706 agents,
 * shares 90/80/70/60/50/40 % top down, each with its share history, cash and P/L accounts), 100,000
 * players (5,000 directly under one level-3 agent, the rest spread over the 1,024 level-6 agents),
 * 1,000,000 settled exchange bets on 620 markets over 31 days, and the daily roll-ups those settlements
 * wrote: on the market's settlement day, which for some markets is the day after most of its bets.
 */
import type { Database } from '../src/db/database.ts';

export const FANOUT = [2, 4, 4, 4, 4, 2] as const;
export const NETWORK_PLAYERS = 100_000;
/** Players directly under the level-3 agent timed, so its downline has deep pages. */
export const DIRECT_PLAYERS = 5_000;
export const SETTLED_BETS = 1_000_000;
export const DAYS = 31;
const MARKETS_PER_DAY = 20;
const HOUSE = '00000000-0000-0000-0000-000000000000';

/** The email of the `index`-th agent of a level (1 = top), as the seed writes it. */
export const agentEmail = (level: number, index: number) => `net-${level}-${index}@agents.local`;

export async function seedNetwork(db: Database, templateMarketId: string): Promise<void> {
  await seedTree(db);
  await seedPlayers(db);
  await seedSettledBets(db, templateMarketId);
  await seedRollups(db);
}

async function seedTree(db: Database): Promise<void> {
  let count = 1;
  for (const [at, fanout] of FANOUT.entries()) {
    const level = at + 1;
    count *= fanout;
    await db.query(
      `INSERT INTO users (unique_code, email, name, role, password_hash)
       SELECT 'NA' || lpad(($1::int * 100000 + i)::text, 8, '0'), 'net-' || $1::int || '-' || i || '@agents.local',
              'Agent ' || $1::int || '.' || i, 'agent', NULL
         FROM generate_series(0, $2::int - 1) i`,
      [level, count],
    );
    // A child's parent is the agent of the level above at its index over the fanout.
    await db.query(
      `INSERT INTO agents (user_id, parent_id, level, share_bp, credit_reference_minor, created_at)
       SELECT u.id, p.id, $1::int, 10000 - $1::int * 1000, 100000000, now() - i * interval '1 second'
         FROM generate_series(0, $2::int - 1) i
         JOIN users u ON u.email = 'net-' || $1::int || '-' || i || '@agents.local'
         LEFT JOIN users p ON p.email = 'net-' || ($1::int - 1) || '-' || (i / $3::int) || '@agents.local'`,
      [level, count, fanout],
    );
  }
  await db.query(
    `INSERT INTO agent_share_history (agent_id, from_at, share_bp)
     SELECT user_id, created_at - interval '90 days', share_bp FROM agents`,
  );
  await db.query(
    `INSERT INTO accounts (account_id, kind) SELECT 'agent-pl:' || user_id, 'AGENT_PL' FROM agents`,
  );
}

async function seedPlayers(db: Database): Promise<void> {
  const leaves = FANOUT.reduce((product, fanout) => product * fanout, 1);
  await db.query(
    `INSERT INTO users (unique_code, email, name, role, password_hash, created_at)
     SELECT 'NP' || lpad(n::text, 8, '0'), 'net-p' || n || '@players.local', 'Network Player ' || n, 'player',
            NULL, now() - n * interval '1 second'
       FROM generate_series(1, $1::int) n`,
    [NETWORK_PLAYERS],
  );
  await db.query(
    `INSERT INTO agent_players (player_id, parent_id, credit_reference_minor)
     SELECT u.id, a.id, 100000
       FROM generate_series(1, $1::int) n
       JOIN users u ON u.email = 'net-p' || n || '@players.local'
       JOIN users a ON a.email = CASE WHEN n <= $2::int THEN 'net-3-0@agents.local'
                                      ELSE 'net-6-' || (n % $3::int) || '@agents.local' END`,
    [NETWORK_PLAYERS, DIRECT_PLAYERS, leaves],
  );
  await db.query(
    `INSERT INTO accounts (account_id, kind, player_id)
     SELECT prefix || id, kind, id::text FROM users
      CROSS JOIN (VALUES ('cash:', 'PLAYER_CASH'), ('hold:', 'PLAYER_HOLD')) k(prefix, kind)
      WHERE role IN ('player', 'agent')
     ON CONFLICT DO NOTHING`,
  );
}

/**
 * 620 settled markets copied from the template (20 a day), each settling at its day's start plus 5 to
 * 24 hours, so those of the last hours settle past midnight UTC of the day most of their bets were
 * placed; each bet placed up to 47 hours before its market's settlement, 1.00 at 2.50, back or lay on
 * either runner, "yes" winning.
 */
async function seedSettledBets(db: Database, templateMarketId: string): Promise<void> {
  const markets = DAYS * MARKETS_PER_DAY;
  await db.query(
    `INSERT INTO markets
     SELECT (jsonb_populate_record(NULL::markets, to_jsonb(m) || jsonb_build_object('id', 'net-m-' || k,
             'bf_id', nextval(pg_get_serial_sequence('markets', 'bf_id')), 'status', 'SETTLED', 'updated_at',
             (date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC')
               - ($3::int - k / $2::int) * interval '1 day' + (5 + k % $2::int) * interval '1 hour'))).*
       FROM markets m CROSS JOIN generate_series(0, $1::int - 1) k WHERE m.id = $4`,
    [markets, MARKETS_PER_DAY, DAYS, templateMarketId],
  );
  await db.query(
    `INSERT INTO bets (id, seq, player_id, market_id, runner_id, side, price_tick, stake_minor, matched_minor,
                       matched_value, cancelled_minor, status, persistence, client_ref, fingerprint,
                       profit_minor, placed_at, updated_at)
     SELECT 'net-' || n, 10000000 + n, p.id::text, m.id, runner, side, 100, 1000, 1000, 250000, 0, 'SETTLED',
            'PERSIST', 'net-' || n, 'f',
            CASE WHEN side = 'BACK' THEN CASE WHEN runner = 'yes' THEN 1500 ELSE -1000 END
                 ELSE CASE WHEN runner = 'yes' THEN -1500 ELSE 1000 END END,
            m.updated_at - (n % 47 + 1) * interval '1 hour', m.updated_at
       FROM generate_series(1, $1::int) n
       CROSS JOIN LATERAL (SELECT CASE WHEN n % 2 = 0 THEN 'yes' ELSE 'no' END AS runner,
                                  CASE WHEN n % 3 = 0 THEN 'LAY' ELSE 'BACK' END AS side) b
       JOIN markets m ON m.id = 'net-m-' || (n % $2::int)
       JOIN users p ON p.email = 'net-p' || (1 + (n::bigint * 7919) % $3::int) || '@players.local'`,
    [SETTLED_BETS, markets, NETWORK_PLAYERS],
  );
}

/**
 * The roll-ups the settlements wrote (0291): per player and market the net result, split along the
 * player's chain (each agent −R × its share less the one below, the house the rest), summed per agent,
 * day and child, and per agent, day and market. Shares are whole percents of results in whole 5.00s,
 * so no remainder is rounded.
 */
async function seedRollups(db: Database): Promise<void> {
  await db.query(
    `CREATE TEMP TABLE net_results AS
     SELECT player_id::uuid AS player_id, market_id, (updated_at AT TIME ZONE 'UTC')::date AS day,
            sum(profit_minor)::bigint AS r, sum(matched_minor)::bigint AS turnover
       FROM bets WHERE status = 'SETTLED' GROUP BY 1, 2, 3`,
  );
  // Each player's chain, direct agent first, and the house above the top agent with the whole book.
  await db.query(
    `CREATE TEMP TABLE net_chains AS
     WITH RECURSIVE up (player_id, depth, agent_id, child_id, share_bp, below_bp) AS (
       SELECT ap.player_id, 1, a.user_id, ap.player_id, a.share_bp, 0
         FROM agent_players ap JOIN agents a ON a.user_id = ap.parent_id
       UNION ALL
       SELECT up.player_id, up.depth + 1, coalesce(a.user_id, $1::uuid), up.agent_id,
              coalesce(a.share_bp, 10000), up.share_bp
         FROM up JOIN agents c ON c.user_id = up.agent_id LEFT JOIN agents a ON a.user_id = c.parent_id
        WHERE up.agent_id <> $1::uuid
     )
     SELECT player_id, agent_id, child_id, share_bp, below_bp,
            CASE WHEN agent_id = $1::uuid THEN 10000 ELSE share_bp END AS upto_bp FROM up`,
    [HOUSE],
  );
  const figures = `sum(r.turnover), sum(r.r), sum(-r.r * (c.share_bp - c.below_bp) / 10000),
                   sum(-r.r * (10000 - c.upto_bp) / 10000), 0`;
  const columns = 'turnover_minor, players_pl_minor, own_share_minor, upline_share_minor, commission_minor';
  await db.query(
    `INSERT INTO agent_pl_daily (agent_id, day, child_id, ${columns})
     SELECT c.agent_id, r.day, c.child_id, ${figures}
       FROM net_results r JOIN net_chains c USING (player_id) GROUP BY 1, 2, 3`,
  );
  await db.query(
    `INSERT INTO agent_pl_markets (agent_id, day, market_id, ${columns})
     SELECT c.agent_id, r.day, r.market_id, ${figures}
       FROM net_results r JOIN net_chains c USING (player_id) GROUP BY 1, 2, 3`,
  );
  await db.query('DROP TABLE net_results, net_chains');
}
