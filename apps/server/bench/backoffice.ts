/**
 * `npm run bench:backoffice`: how fast the console's lists and books answer on PostgreSQL (DATABASE_URL,
 * default postgres://postgres@127.0.0.1:5432/test, in a fresh schema dropped afterwards). It writes
 * 20,000 players (one sign-in each) and 100,000 bets (85,000 exchange bets on two markets, 10,000 of
 * them matched on one, and 15,000 casino bets) straight into the tables, then times each console call
 * over HTTP on the real app, BENCH_REPEAT times (default 30): players' first page, page 200 by number
 * and by cursor, a search by text and one by sign-in address; the bets list's first page, a page deep
 * by cursor and its filters; and the position book of the 10,000-bet market.
 * Targets: every list page ≤ 100 ms, the position book ≤ 50 ms (p99 here).
 * Then, each in a fresh schema of its own, the agent network at the issue's scale (backoffice-network.ts:
 * 6 levels, 100,000 players, 1,000,000 settled bets) and what sharing costs a settlement of 10,000 bets
 * (settle-shares.ts); BENCH_PARTS (default `lists,network,settlement`) picks among the three.
 * Last line: one JSON object with every part's figures.
 */
import { startBenchApp } from './bench-app.ts';
import { benchNetwork, consoleClient, createMarket, cursorAfter } from './backoffice-network.ts';
import { benchSettlementShares } from './settle-shares.ts';
import { summarise } from '../../../tools/load-clients/latency.ts';

const env = process.env;
const DATABASE_URL = env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REPEAT = Math.min(Number(env.BENCH_REPEAT ?? 30), 500);
const PLAYERS = 20_000;
const BOOK_BETS = 10_000;
const OTHER_BETS = 75_000;
const CASINO_BETS = 15_000;
const PARTS = new Set((env.BENCH_PARTS ?? 'lists,network,settlement').split(','));

const results: Record<string, unknown> = { bench: 'backoffice' };
if (PARTS.has('lists')) results.lists = await benchLists();
if (PARTS.has('network')) results.network = await benchNetwork(DATABASE_URL, REPEAT);
if (PARTS.has('settlement')) results.settlement = await benchSettlementShares(DATABASE_URL);
console.log(JSON.stringify(results));

/** The players and bets lists and the position book of 20,000 players of the house. */
async function benchLists() {
  const bench = await startBenchApp('postgres', DATABASE_URL, 8);
  try {
    const { db } = bench.deps;
    const client = consoleClient(bench.port, bench.operatorToken);
    const [bookMarket, busyMarket] = [await createMarket(client, 'Book'), await createMarket(client, 'Busy')];

    const started = Date.now();
    await db.query(
      `INSERT INTO users (unique_code, email, name, role, password_hash)
     SELECT 'BB' || lpad(n::text, 8, '0'), 'bench' || n || '@players.local', 'Bench Player ' || n, 'player', NULL
       FROM generate_series(1, $1) n`,
      [PLAYERS],
    );
    await db.query(
      `INSERT INTO accounts (account_id, kind, player_id)
     SELECT prefix || id, kind, id::text FROM users
      CROSS JOIN (VALUES ('cash:', 'PLAYER_CASH'), ('hold:', 'PLAYER_HOLD')) k(prefix, kind)
      WHERE role = 'player'
     ON CONFLICT DO NOTHING`,
    );
    // Bets of every player in turn, one a second back from now: the book's market matched (back and lay),
    // the busy market's unmatched, and casino bets open, won and lost.
    await db.query(
      `INSERT INTO bets (id, seq, player_id, market_id, runner_id, side, price_tick, stake_minor, matched_minor,
                       matched_value, cancelled_minor, status, persistence, client_ref, fingerprint, placed_at, updated_at)
     SELECT 'bench-' || n, n, p.id::text, CASE WHEN n <= $2 THEN $3 ELSE $4 END,
            CASE WHEN n % 2 = 0 THEN 'yes' ELSE 'no' END, CASE WHEN n % 3 = 0 THEN 'LAY' ELSE 'BACK' END,
            100, 1000, CASE WHEN n <= $2 THEN 1000 ELSE 0 END, CASE WHEN n <= $2 THEN 250000 ELSE 0 END, 0,
            CASE WHEN n <= $2 THEN 'MATCHED' ELSE 'UNMATCHED' END, 'PERSIST', 'bench-' || n, 'f',
            now() - n * interval '1 second', now()
       FROM generate_series(1, $1) n
       JOIN LATERAL (SELECT id FROM users WHERE email = 'bench' || (1 + n % $5) || '@players.local') p ON true`,
      [BOOK_BETS + OTHER_BETS, BOOK_BETS, bookMarket, busyMarket, PLAYERS],
    );
    await db.query(
      `INSERT INTO casino_transactions (transaction_id, kind, player_id, game_id, round_id, amount_minor, fingerprint,
                                      answer, win_minor, bet_status, created_at)
     SELECT 'bench-casino-' || n, 'BET', p.id, '22001', 'round-' || n, 500, 'f', '{}'::jsonb,
            CASE WHEN n % 3 = 0 THEN 1000 ELSE 0 END,
            CASE n % 3 WHEN 0 THEN 'WON' WHEN 1 THEN 'LOST' ELSE 'OPEN' END, now() - n * interval '1 second'
       FROM generate_series(1, $1) n
       JOIN LATERAL (SELECT id FROM users WHERE email = 'bench' || (1 + n % $2) || '@players.local') p ON true`,
      [CASINO_BETS, PLAYERS],
    );
    // One sign-in of every player, from an address of its own: what a search by address looks through.
    await db.query(
      `INSERT INTO sign_ins (user_id, address, user_agent, outcome)
     SELECT id, '10.' || (n / 65536) || '.' || (n / 256 % 256) || '.' || (n % 256), 'bench', 'ok'
       FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM users WHERE role = 'player') p`,
    );
    await db.query('ANALYZE');
    console.log(
      `wrote ${PLAYERS} players and ${BOOK_BETS + OTHER_BETS + CASINO_BETS} bets in ${Date.now() - started} ms`,
    );

    const [someone] = await db.query<{ id: string }>(
      "SELECT id FROM users WHERE email = 'bench77@players.local'",
    );
    const deep = await cursorAfter(client, '/api/admin/bets?limit=50', 'next', 40);
    const deepPlayers = await cursorAfter(client, '/api/admin/players?limit=50', 'next', 199);
    const [address] = await db.query<{ address: string }>(
      "SELECT address FROM sign_ins s JOIN users u ON u.id = s.user_id WHERE u.email = 'bench4321@players.local'",
    );
    const calls: [string, string][] = [
      ['players: first page', '/api/admin/players?page=1&pageSize=50'],
      ['players: page 200', '/api/admin/players?page=200&pageSize=50'],
      ['players: page 200 by cursor', `/api/admin/players?limit=50&cursor=${deepPlayers}`],
      ['players: search', '/api/admin/players?search=bench1234&pageSize=50'],
      ['players: search by address', `/api/admin/players?search=${address!.address}&pageSize=50`],
      ['bets: first page', '/api/admin/bets?limit=50'],
      ['bets: page 41 by cursor', `/api/admin/bets?limit=50&cursor=${deep}`],
      ['bets: one player', `/api/admin/bets?limit=50&player=${someone!.id}`],
      ['bets: casino, settled', '/api/admin/bets?limit=50&product=casino&status=settled'],
      ['bets: one market', `/api/admin/bets?limit=50&market=${bookMarket}`],
      ['position book, 10,000 bets', `/api/admin/markets/${bookMarket}/positions`],
    ];
    const figures: Record<string, unknown> = {};
    for (const [name, path] of calls) {
      const times: number[] = [];
      for (let i = 0; i < REPEAT; i += 1) {
        const at = performance.now();
        const response = await client.request('GET', path);
        if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
        times.push(performance.now() - at);
      }
      const stats = summarise(times);
      figures[name] = stats;
      console.log(`${name}: ${JSON.stringify(stats)}`);
    }
    return { players: PLAYERS, bets: BOOK_BETS + OTHER_BETS + CASINO_BETS, figures };
  } finally {
    await bench.close();
  }
}
