import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { opaqueGameId } from '@backlay/catalogue';
import type { Seeds } from '@backlay/fair';
import { buildApp } from '../src/app.ts';
import type { SingleEngine } from '../src/games/engine.ts';
import { bingoEngine } from '../src/games/engines/bingo.ts';
import { boardEngine } from '../src/games/engines/board.ts';
import { boardBets, type BoardConfig } from '../src/games/engines/board-bets.ts';
import { cardDuelEngine } from '../src/games/engines/card-duel.ts';
import { DUEL_SIDES, type CardDuelConfig } from '../src/games/engines/card-duel-rules.ts';
import { cricketEngine } from '../src/games/engines/cricket.ts';
import { FISH, fishingEngine } from '../src/games/engines/fishing.ts';
import { goalCallEngine } from '../src/games/engines/goal-call.ts';
import { shootoutEngine } from '../src/games/engines/shootout.ts';
import { fileJournal, memoryJournal, type Journal } from '../src/state/journal.ts';
import { CasinoStore } from '../src/state/store.ts';
import { FakePortal } from '../src/test/fake-portal.ts';
import { WalletOutbox } from '../src/wallet/outbox.ts';

// npm run bench:casino-outcomes. Sizes via env for quick runs.
const ROUNDS = Number(process.env.BENCH_CASINO_ROUNDS ?? 200_000);
const BINGO_ROUNDS = Number(process.env.BENCH_CASINO_BINGO_ROUNDS ?? 100_000);
const PLAYS = Number(process.env.BENCH_CASINO_PLAYS ?? 5_000);

const seeds = (nonce: number): Seeds => ({ serverSeed: 'casino bench seed', clientSeed: 'bench', nonce });
const fmt = (n: number, width = 10) => n.toLocaleString('en-US').padStart(width);

/** Outcomes per second and the return to player with its standard error, over `rounds` rounds. */
function measure<C, P>(engine: SingleEngine<C, P>, config: C, params: P, rounds: number) {
  let sum = 0;
  let squares = 0;
  const started = performance.now();
  for (let nonce = 0; nonce < rounds; nonce++) {
    const result = engine.play(seeds(nonce), params, config);
    if (!result.ok) throw new Error(result.code);
    const pay = result.value.multiplierHundredths / 100;
    sum += pay;
    squares += pay * pay;
  }
  const seconds = (performance.now() - started) / 1000;
  const mean = sum / rounds;
  const error = Math.sqrt((squares / rounds - mean * mean) / rounds);
  return { perSecond: Math.round(rounds / seconds), rtp: mean, error };
}

console.log(`casino aggregator benchmark (node ${process.version})`);
console.log('engine                         outcomes/s   RTP (simulated ± 1 s.e.)');
const results: Record<string, { perSecond: number; rtp: number }> = {};
const report = (name: string, figures: { perSecond: number; rtp: number; error: number }) => {
  results[name] = { perSecond: figures.perSecond, rtp: Number(figures.rtp.toFixed(4)) };
  const rtp = `${(figures.rtp * 100).toFixed(2)} % ± ${(figures.error * 100).toFixed(2)}`;
  console.log(`${name.padEnd(30)} ${fmt(figures.perSecond)}   ${rtp}`);
};

const boards: [string, BoardConfig, string][] = [
  ['roulette 37 · red', { variant: 'roulette', pockets: 37 }, 'red'],
  ['roulette 37 · number 17', { variant: 'roulette', pockets: 37 }, 'number-17'],
  ['sic bo 3 dice · small', { variant: 'dice', dice: 3, faces: 'pips' }, 'small'],
  ['7 up 7 down · exactly 7', { variant: 'dice', dice: 2, faces: 'pips' }, 'middle'],
  ['lottery 49/6 · number 7', { variant: 'lottery', numbers: 49, picks: 6 }, 'number-7'],
];
for (const [name, config, bet] of boards) {
  if (!boardBets(config).some((candidate) => candidate.id === bet)) throw new Error(bet);
  report(name, measure(boardEngine, config, { bet }, ROUNDS));
}
const duels: [string, CardDuelConfig][] = [
  ['baccarat', { variant: 'baccarat', handSize: 5 }],
  ['dragon tiger', { variant: 'dragon-tiger', handSize: 5 }],
  ['teen patti', { variant: 'teen-patti', handSize: 3 }],
  ['andar bahar', { variant: 'andar-bahar', handSize: 5 }],
  ['poker (5 cards)', { variant: 'poker', handSize: 5 }],
];
for (const [name, config] of duels) {
  for (const side of DUEL_SIDES[config.variant]) {
    report(`${name} · ${side.id}`, measure(cardDuelEngine, config, { side: side.id }, ROUNDS / 4));
  }
}
for (const fish of [FISH[0], FISH[FISH.length - 1]!]) {
  report(`fishing · ${fish.id}`, measure(fishingEngine, { seats: 4 }, { fish: fish.id }, ROUNDS));
}
report('bingo · 1 card', measure(bingoEngine, { maxCards: 4 }, { cards: 1 }, BINGO_ROUNDS));
// Fantasy (docs/decisions/0179): every price is 97 % over an exact chance, floored.
report('penalty shoot-out · 2 saves', measure(shootoutEngine, {}, { zone: 1, saves: 2 }, ROUNDS));
report('cricket over · over 7.5', measure(cricketEngine, { balls: 6 }, { market: 'over-7.5' }, ROUNDS));
report('cricket over · wicket', measure(cricketEngine, { balls: 6 }, { market: 'wicket' }, ROUNDS));
report('next ball · six', measure(cricketEngine, { balls: 1 }, { market: 'six' }, ROUNDS));
report('goal or no goal · no goal', measure(goalCallEngine, { attacks: 5 }, { market: 'no-goal' }, ROUNDS));

/** Rounds through the HTTP layer with an in-memory wallet: bet, outcome, win, journal write. */
async function playRoundTrips(journal: Journal, label: string) {
  const portal = new FakePortal();
  const store = CasinoStore.open(journal, { nowMs: Date.now, instance: 'bench' });
  const outbox = new WalletOutbox({ store, wallet: portal, nowMs: Date.now, log: console });
  const app = await buildApp({
    env: {
      CASINO_OPERATOR_KEY: 'bench-operator-key-000',
      CASINO_URL: 'http://127.0.0.1',
      LOG_LEVEL: 'silent',
    },
    store,
    outbox,
    nowMs: Date.now,
  });
  const token = 'bench-token-0123456789abcdef';
  portal.balances.set(token, 10n ** 15n);
  await app.inject({
    method: 'POST',
    url: '/operator/launch',
    headers: { authorization: 'Bearer bench-operator-key-000' },
    payload: {
      token,
      gameId: opaqueGameId('spribe', 'Dice'),
      playerId: 'p',
      playerName: 'Bench',
      currency: 'PTS',
      homeUrl: 'http://127.0.0.1/',
    },
  });
  const latencies: number[] = [];
  const started = performance.now();
  for (let i = 0; i < PLAYS; i++) {
    const t0 = performance.now();
    const response = await app.inject({
      method: 'POST',
      url: '/api/session/play',
      payload: { token, amount: '1.00', params: { target: 5000, direction: 'under' } },
    });
    if (response.statusCode !== 200) throw new Error(response.body);
    latencies.push(performance.now() - t0);
  }
  const perSecond = Math.round((PLAYS * 1000) / (performance.now() - started));
  latencies.sort((a, b) => a - b);
  const p50 = latencies[Math.floor(latencies.length * 0.5)]!;
  const p99 = latencies[Math.floor(latencies.length * 0.99)]!;
  console.log(
    `${label.padEnd(30)} ${fmt(perSecond)} rounds/s   p50 ${p50.toFixed(2)} ms   p99 ${p99.toFixed(2)} ms`,
  );
  await app.close();
  store.close();
  return { perSecond, p99 };
}

console.log('play round trip (app.inject, in-memory wallet)');
const memory = await playRoundTrips(memoryJournal(), 'memory journal');
const dir = mkdtempSync(join(tmpdir(), 'casino-bench-'));
const file = await playRoundTrips(fileJournal(dir), 'file journal');
rmSync(dir, { recursive: true, force: true });

console.log(
  JSON.stringify({
    playRoundsPerSec: file.perSecond,
    playP99Ms: Number(file.p99.toFixed(2)),
    playRoundsPerSecMemory: memory.perSecond,
    bingoRtp: results['bingo · 1 card']!.rtp,
    outcomes: results,
  }),
);
