/**
 * `npm run bench:tables`: every in-house table and the crash game live at once, on their own timers,
 * with BENCH_PLAYERS (1,000) players betting on every round of every table and BENCH_CRASH_PLAYERS
 * (2,000) crash players who each bet and then cash out around the crash point (between 0.95 and 1.02
 * times it, so some are too late). Measured from the outside, on the stream each unit publishes after
 * its commit:
 * - round settlement: from the moment RESULT ends (when the settlement is due) to the SETTLED state
 *   being published, i.e. one transaction posting every return of a round of 1,000 bets;
 * - cash-out acknowledgement: from sending a cash-out to its answer (durable, or ROUND_CRASHED);
 * - cash-out credit: from sending a cash-out that is accepted to the player's new balance on the bus
 *   (what the header balance shows);
 * - CPU share of this process (one core = 100 %; with PGlite the database runs inside it).
 * Embedded PGlite by default; DATABASE_URL runs it on PostgreSQL in a fresh schema, dropped afterwards.
 * The last line is one JSON object with every figure.
 * BENCH_LIMITS=on (default off) gives every player, right after funding, loss limits for the day, week
 * and month, a deposit limit for the day (10,000,000.00 each) and a 1,440-minute session limit, set over
 * the player's limit routes (bench-app.ts), so every stake is admitted against a ledger floor; the first
 * line says which, and with limits on the next says how many players have a loss floor.
 */
import { randomBytes } from 'node:crypto';
import { cpus } from 'node:os';
import { tableStreamSchema, crashStreamSchema } from '@backlay/contracts';
import { elapsedToReach, marketLimits, TABLE_GAMES } from '@backlay/tables';
import { composeDeps } from '../src/compose.ts';
import type { Database } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';
import { openPglite } from '../src/db/pglite.ts';
import { openPostgres } from '../src/db/postgres.ts';
import { parseEnv } from '../src/env.ts';
import { insertUser } from '../src/modules/auth/index.ts';
import { CRASH_UNIT_ID, registerTables, startTables, tableUnitId } from '../src/modules/tables/index.ts';
import { balanceTopic, depositRequest } from '../src/modules/wallet/index.ts';
import { seed } from '../src/seed.ts';
import { checkLossFloors, limitsLine, playerLimits } from './bench-app.ts';
import { summarise } from '../../../tools/load-clients/latency.ts';

const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 1_000);
const CRASH_PLAYERS = Number(process.env.BENCH_CRASH_PLAYERS ?? 2_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const CRASH_ROUNDS = Number(process.env.BENCH_CRASH_ROUNDS ?? 2);
const SPEED = process.env.BENCH_TABLE_SPEED ?? '1';
const BUDGET_MS = Number(process.env.BENCH_BUDGET_MS ?? 600_000);
/** Commands each simulated crowd keeps in flight (the unit queues them; each batch takes up to 100). */
const IN_FLIGHT = 300;
/** BENCH_TABLES=dragon-tiger,roulette runs only those (the others stay idle); all by default. */
const GAMES = TABLE_GAMES.filter(
  (game) => !process.env.BENCH_TABLES || process.env.BENCH_TABLES.split(',').includes(game.id),
);

async function openBackend(): Promise<{ db: Database; backend: string }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const db = await openPglite();
    await migrate(db);
    return { db, backend: 'pglite' };
  }
  const schema = `bench_${randomBytes(5).toString('hex')}`;
  const db = await openPostgres({ url, schema, maxConnections: 20 });
  await migrate(db);
  const close = async () => {
    await db.query(`DROP SCHEMA ${schema} CASCADE`);
    await db.close();
  };
  return { db: { ...db, close }, backend: 'postgres' };
}

/** Runs `work` over `items` with at most `limit` at once. */
async function pooled<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: limit }, worker));
}

const parsed = parseEnv({
  NODE_ENV: 'production',
  LOG_LEVEL: 'silent',
  DEMO_DATA: 'false',
  TABLE_SPEED: SPEED,
});
if (!parsed.ok) throw new Error(parsed.message);
console.log(limitsLine());
const { db, backend } = await openBackend();
const deps = composeDeps(parsed.env, db);
await seed(deps);
const limits = await playerLimits(deps);
// A failed batch or settlement is printed (once per message), so a refusal in the figures has a cause.
const failures = new Map<string, number>();
const tables = registerTables({
  ...deps,
  log: {
    error(object: { err?: unknown }, message: string) {
      const line = `${message}: ${object.err instanceof Error ? object.err.message : String(object.err)}`;
      if (!failures.has(line)) console.error(line);
      failures.set(line, (failures.get(line) ?? 0) + 1);
    },
  },
});

/** Players are accounts like any other: the admission gate knows them by their user row. */
async function fund(count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const email = `bench-${i}-${randomBytes(4).toString('hex')}@bench.local`;
    const user = await insertUser(db, { email, name: `Bench ${i}`, role: 'player', passwordHash: null });
    if (!user) throw new Error('bench player email collision');
    ids.push(user.id);
  }
  await pooled(ids, 8, async (id) => {
    await deps.wallet.openPlayer(id);
    await deps.wallet.execute(depositRequest(id, 100_000_000n, 'Bench funding', `bench-fund:${id}`));
    await limits.set(id);
  });
  return ids;
}
const players = await fund(PLAYERS);
const crashPlayers = await fund(CRASH_PLAYERS);
await checkLossFloors(db, [...players, ...crashPlayers]);
await limits.close();
console.log(
  `${backend}: ${players.length} table players, ${crashPlayers.length} crash players, speed ${SPEED}`,
);

const settleMs: number[] = [];
const settledRounds = new Map<string, number>();
const bets = { placed: 0, late: 0, refused: 0 };
/** Refusals other than BETTING_CLOSED and ROUND_CRASHED, by code. */
const refusals: Record<string, number> = {};
const refusal = (code: string) => (refusals[code] = (refusals[code] ?? 0) + 1);
const cashOutMs: number[] = [];
const paidCashOutMs: number[] = [];
const creditMs: number[] = [];
/** Cash-outs sent and not refused yet, by player: when each was sent, until its balance arrives. */
const awaitingCredit = new Map<string, number>();
for (const playerId of crashPlayers) {
  deps.bus.subscribe(balanceTopic(playerId), () => {
    const sentMs = awaitingCredit.get(playerId);
    if (sentMs === undefined) return;
    awaitingCredit.delete(playerId);
    creditMs.push(performance.now() - sentMs);
  });
}
const cashOuts = { paid: 0, crashed: 0, other: 0 };
const crashBets = { placed: 0, late: 0, refused: 0 };
let crashRoundsDone = 0;
const started = new Set<number>();
const resultDue = new Map<number, number>();

function onTable(tableId: string, message: string): void {
  const data = tableStreamSchema.parse((JSON.parse(message) as { data: unknown }).data);
  const round = data.round;
  if (!round) return;
  if (round.status === 'BETTING' && !started.has(round.id) && (settledRounds.get(tableId) ?? 0) < ROUNDS) {
    started.add(round.id);
    void betOnRound(tableId, round.id);
  }
  if (round.status === 'RESULT') resultDue.set(round.id, Date.parse(round.phaseEndsAt));
  const due = resultDue.get(round.id);
  if (round.status === 'SETTLED' && due !== undefined && started.has(round.id)) {
    resultDue.delete(round.id);
    settleMs.push(Date.now() - due);
    settledRounds.set(tableId, (settledRounds.get(tableId) ?? 0) + 1);
  }
}

async function betOnRound(tableId: string, roundId: number): Promise<void> {
  const game = TABLE_GAMES.find((candidate) => candidate.id === tableId)!;
  await pooled(players, IN_FLIGHT, async (playerId) => {
    const market = game.markets[Math.floor(Math.random() * game.markets.length)]!;
    const stakeMinor = marketLimits(game, market).minStakeMinor;
    const answer = await tables.sendTable(tableUnitId(tableId), {
      type: 'bet',
      playerId,
      roundId,
      marketId: market.id,
      stakeMinor: stakeMinor.toString(),
      clientRef: `b-${roundId}-${playerId.slice(0, 8)}`,
    });
    if (answer.ok) bets.placed += 1;
    else if (answer.code === 'BETTING_CLOSED') bets.late += 1;
    else {
      bets.refused += 1;
      refusal(answer.code);
    }
  });
}

const crashStarted = new Set<number>();
function onCrash(message: string): void {
  const round = crashStreamSchema.parse((JSON.parse(message) as { data: unknown }).data).round;
  if (!round || crashRoundsDone >= CRASH_ROUNDS) return;
  if (round.status === 'BETTING' && !crashStarted.has(round.id)) {
    crashStarted.add(round.id);
    void crashRound(round.id, Date.parse(round.closesAt));
  }
  if (round.status === 'CRASHED' && crashStarted.has(round.id)) crashRoundsDone += 1;
}

/** Every crash player bets, then cashes out at a multiplier drawn around the (simulated) crash point. */
async function crashRound(roundId: number, startMs: number): Promise<void> {
  const [row] = await db.query<{ crash_hundredths: number }>(
    'SELECT crash_hundredths FROM crash_rounds WHERE round_id = $1',
    [roundId],
  );
  const crash = row!.crash_hundredths;
  const cashingOut: Promise<void>[] = [];
  await pooled(crashPlayers, IN_FLIGHT, async (playerId) => {
    const command = { type: 'bet' as const, playerId, roundId, stakeMinor: '1000', autoHundredths: null };
    const answer = await tables.sendCrash(CRASH_UNIT_ID, {
      ...command,
      clientRef: `c-${roundId}-${playerId.slice(0, 8)}`,
    });
    if (answer.ok && 'bet' in answer.value) cashingOut.push(cashOutLater(playerId, answer.value.bet.id));
    if (answer.ok) crashBets.placed += 1;
    else if (answer.code === 'BETTING_CLOSED') crashBets.late += 1;
    else {
      crashBets.refused += 1;
      refusal(answer.code);
    }
  });
  await Promise.all(cashingOut);

  function cashOutLater(playerId: string, betId: string): Promise<void> {
    const target = Math.max(101, Math.floor(crash * (0.95 + Math.random() * 0.07)));
    const delayMs = Math.max(0, startMs + elapsedToReach(target) - Date.now());
    return new Promise<void>((resolve) => {
      setTimeout(async () => {
        const sentMs = performance.now();
        awaitingCredit.set(playerId, sentMs);
        const answer = await tables.sendCrash(CRASH_UNIT_ID, { type: 'cash-out', playerId, betId });
        const tookMs = performance.now() - sentMs;
        if (!answer.ok) awaitingCredit.delete(playerId);
        cashOutMs.push(tookMs);
        if (answer.ok) paidCashOutMs.push(tookMs);
        if (answer.ok) cashOuts.paid += 1;
        else if (answer.code === 'ROUND_CRASHED') cashOuts.crashed += 1;
        else {
          cashOuts.other += 1;
          refusal(answer.code);
        }
        resolve();
      }, delayMs);
    });
  }
}

for (const game of GAMES) {
  deps.bus.subscribe(`stream:table:${game.id}`, (message) => onTable(game.id, message));
}
deps.bus.subscribe('stream:crash', onCrash);

const cpuBefore = process.cpuUsage();
const wallStartMs = performance.now();
startTables(deps);
await deps.lifecycle.start();
const done = () =>
  GAMES.every((game) => (settledRounds.get(game.id) ?? 0) >= ROUNDS) &&
  (CRASH_PLAYERS === 0 || crashRoundsDone >= CRASH_ROUNDS);
while (!done() && performance.now() - wallStartMs < BUDGET_MS) await new Promise((r) => setTimeout(r, 500));
const cpu = process.cpuUsage(cpuBefore);
const wallMs = performance.now() - wallStartMs;
await deps.lifecycle.stop();
await deps.bus.close();
await db.close();

const settle = summarise(settleMs);
const cashOut = summarise(cashOutMs);
const paidCashOut = summarise(paidCashOutMs);
const credit = summarise(creditMs);
const cpuPercent = Math.round(((cpu.user + cpu.system) / 1000 / wallMs) * 1000) / 10;
console.log(`round settlement (${settle.count} rounds, ~${PLAYERS} bets each): ${JSON.stringify(settle)}`);
console.log(`table bets: ${JSON.stringify(bets)}`);
console.log(`crash bets: ${JSON.stringify(crashBets)}`);
console.log(`cash-out acknowledgement, all: ${JSON.stringify(cashOut)} ${JSON.stringify(cashOuts)}`);
console.log(`cash-out acknowledgement, accepted (written before the answer): ${JSON.stringify(paidCashOut)}`);
console.log(`cash-out to the player's new balance: ${JSON.stringify(credit)}`);
console.log(`cpu: ${cpuPercent} % of one core over ${Math.round(wallMs / 1000)} s (${cpus().length} cores)`);
console.log(
  JSON.stringify({
    bench: 'tables',
    backend,
    players: PLAYERS,
    crashPlayers: CRASH_PLAYERS,
    tableSpeed: Number(SPEED),
    tables: GAMES.length,
    settleP50Ms: settle.p50Ms,
    settleP99Ms: settle.p99Ms,
    cashOutP50Ms: cashOut.p50Ms,
    cashOutP99Ms: cashOut.p99Ms,
    acceptedCashOutP99Ms: paidCashOut.p99Ms,
    creditP50Ms: credit.p50Ms,
    creditP99Ms: credit.p99Ms,
    cpuPercent,
    bets,
    crashBets,
    cashOuts,
    refusals,
    settledRounds: settle.count,
    finished: done(),
  }),
);
