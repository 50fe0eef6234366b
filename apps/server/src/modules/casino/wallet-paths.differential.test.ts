import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMinor } from '@backlay/ledger';
import type { Database } from '../../db/database.ts';
import { InProcessBus } from '../../lib/bus.ts';
import { openTestDatabase } from '../../test/test-db.ts';
import { auditLedger, WalletService } from '../wallet/index.ts';
import type { WalletPaths } from './wallet-batch.ts';
import { AVIATOR, readWritten, seedSequence, type SeededPlayer } from './wallet-paths-test-kit.ts';
import { planSequences, WAVE_MS, type PlannedCallback, type Sequence } from './wallet-paths-sequences.ts';
import type { Callback } from './wallet-request.ts';
import { CasinoWallet } from './wallet-service.ts';
import { AdmissionGate } from '../admission/index.ts';
import { standingReads } from '../protection/index.ts';

/**
 * The wallet writes a batch from memory, foreseen, or read then written, and alone when a batch fails
 * (docs/decisions/0182, 0200, 0202). Each way restates some of the rules, so each could drift from
 * the others. This test plays the same random sequences of callbacks (replays, duplicates with another
 * body, unknown and foreign bets, wins after rollbacks and rollbacks after wins, bets beyond the cash,
 * expired tokens and tokens of another game, several players at once) through each way forced on its
 * own, every way on its own fresh database seeded the same, and expects every answer and every row
 * written to be what one callback at a time gives. Runs on PGlite and, with DATABASE_URL, PostgreSQL.
 */

const SEED = 20_261_127;
/** PostgreSQL plays a callback alone in about a sixth of PGlite's time, so it plays more of them. */
const SEQUENCES = process.env.DATABASE_URL ? 48 : 14;
/** `plain` first: the others are held to it. */
const PATHS: readonly WalletPaths[] = ['plain', 'read', 'foresee', 'memory', 'all'];
const START_MS = Date.UTC(2026, 10, 27, 12);

type Played = {
  answers: string[];
  written: unknown;
  problems: unknown[];
  stats: CasinoWallet['stats'];
  seconds: number;
};

function callbackOf(planned: PlannedCallback, players: readonly SeededPlayer[]): Callback {
  const body = {
    token: players[planned.player]!.tokens[planned.token],
    timestamp: START_MS,
    transactionId: planned.transactionId,
    roundId: planned.roundId,
    gameId: AVIATOR,
    amount: formatMinor(planned.amountMinor),
  };
  const { amountMinor } = planned;
  if (planned.kind === 'bet') return { kind: 'bet', body, amountMinor };
  return { kind: planned.kind, body: { ...body, referenceTransactionId: planned.betId ?? '' }, amountMinor };
}

/** Plays every sequence on a fresh database through `paths`; answers what it answered and wrote. */
async function play(paths: WalletPaths, sequences: readonly Sequence[]): Promise<Played> {
  const startedAt = performance.now();
  const db: Database = await openTestDatabase();
  try {
    const wallet = new WalletService(db, new InProcessBus());
    let nowMs = START_MS;
    const casino = new CasinoWallet({
      db,
      wallet,
      admission: new AdmissionGate(db, standingReads),
      now: () => nowMs,
      paths,
    });
    const names = new Map<string, string>();
    const answers: string[] = [];
    for (const sequence of sequences) {
      nowMs = START_MS;
      const players = await seedSequence(db, wallet, sequence, START_MS, names);
      for (const [at, wave] of sequence.waves.entries()) {
        nowMs = START_MS + at * WAVE_MS;
        const answered = await Promise.all(
          wave.map((planned) => casino.answer(callbackOf(planned, players))),
        );
        answered.forEach((answer, i) => {
          const { kind, transactionId } = wave[i]!;
          answers.push(`${transactionId} ${kind}: ${answer.status} ${answer.balance}`);
        });
        // One player's balance, on the token that expires part-way.
        const p = at % players.length;
        const balance = await casino.answer({
          kind: 'balance',
          body: { token: players[p]!.tokens.short, timestamp: nowMs },
        });
        answers.push(`${sequence.name}-p${p} balance: ${balance.status} ${balance.balance}`);
      }
    }
    return {
      answers,
      written: await readWritten(db, names),
      problems: await auditLedger(db),
      stats: casino.stats,
      seconds: Math.round((performance.now() - startedAt) / 100) / 10,
    };
  } finally {
    await db.close();
  }
}

const sequences = planSequences(SEED, SEQUENCES);
const played = new Map<WalletPaths, Played>();
let startedAt = 0;

beforeAll(async () => {
  startedAt = performance.now();
  for (const paths of PATHS) played.set(paths, await play(paths, sequences));
}, 180_000);

afterAll(() => {
  const callbacks = sequences.reduce((sum, sequence) => sum + sequence.waves.flat().length, 0);
  const ways = Object.fromEntries(
    [...played].map(([paths, { stats, seconds }]) => [
      paths,
      {
        seconds,
        batches: stats.batches,
        remembered: stats.rememberedBatches,
        foreseenPasses: stats.foreseenPasses,
        writtenPasses: stats.writtenPasses,
        alone: stats.alone,
        failedAttempts: stats.failedAttempts,
      },
    ]),
  );
  const seconds = Math.round((performance.now() - startedAt) / 100) / 10;
  console.info(
    JSON.stringify({ walletPaths: { seed: SEED, sequences: SEQUENCES, callbacks, seconds, ways } }),
  );
});

const plain = () => played.get('plain')!;

describe('every way of writing casino wallet batches', () => {
  it.each(PATHS.filter((paths) => paths !== 'plain'))(
    '%s answers and writes what one callback at a time does',
    (paths) => {
      const way = played.get(paths)!;
      expect(way.answers).toEqual(plain().answers);
      expect(way.written).toEqual(plain().written);
      expect(way.problems).toEqual([]);
    },
  );

  it('leaves a ledger that audits clean one callback at a time', () => {
    expect(plain().problems).toEqual([]);
  });

  it('each forced way really was taken', () => {
    const stats = (paths: WalletPaths) => played.get(paths)!.stats;
    expect(stats('plain').alone).toBe(stats('plain').items);
    expect(stats('read')).toMatchObject({ rememberedBatches: 0, foreseenPasses: 0, alone: 0 });
    expect(stats('foresee')).toMatchObject({ rememberedBatches: 0 });
    expect(stats('foresee').foreseenPasses).toBeGreaterThan(stats('foresee').batches / 2);
    expect(stats('memory').rememberedBatches).toBeGreaterThan(stats('memory').batches / 6);
    expect(stats('memory').foreseenPasses).toBe(stats('memory').rememberedBatches);
  });

  it('the sequences reach every answer the wallet gives', () => {
    const statuses = new Set(plain().answers.map((answer) => answer.split(' ').at(-2)));
    expect([...statuses].sort()).toEqual([
      'RS_ERROR_DUPLICATE_TRANSACTION',
      'RS_ERROR_INVALID_TOKEN',
      'RS_ERROR_NOT_ENOUGH_MONEY',
      'RS_ERROR_TOKEN_EXPIRED',
      'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
      'RS_ERROR_UNKNOWN',
      'RS_OK',
    ]);
  });
});
