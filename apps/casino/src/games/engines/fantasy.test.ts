import { describe, expect, it } from 'vitest';
import type { Seeds } from '@backlay/fair';
import { cricketEngine, cricketModel, runsOf } from './cricket.ts';
import { goalCallEngine, goalCallModel } from './goal-call.ts';
import { drawEvents, marketViews, type PredictionModel } from './prediction.ts';
import {
  keeperZones,
  SHOOTOUT_SAVES,
  SHOOTOUT_ZONES,
  shootoutEngine,
  shootoutPayHundredths,
} from './shootout.ts';

const seeds = (nonce: number): Seeds => ({ serverSeed: 'fantasy seed', clientSeed: 'rtp', nonce });
const ROUNDS = 8000;

function outcome(result: { ok: true; value: { outcome: object } } | { ok: false; code: string }) {
  if (!result.ok) throw new Error(result.code);
  return result.value.outcome;
}

/** Simulated return of every market over the same `ROUNDS` draws, next to the exact one. */
function simulate(model: PredictionModel) {
  const views = marketViews(model);
  const paid = views.map(() => 0);
  for (let nonce = 0; nonce < ROUNDS; nonce++) {
    const events = drawEvents(seeds(nonce), model);
    model.markets.forEach((market, i) => {
      if (market.wins(events)) paid[i]! += views[i]!.multiplierHundredths / 100;
    });
  }
  return views.map((view, i) => {
    const chance = view.chancePpm / 1e6;
    const pay = view.multiplierHundredths / 100;
    return {
      id: view.id,
      exact: pay * chance,
      simulated: paid[i]! / ROUNDS,
      standardError: (pay * Math.sqrt(chance * (1 - chance))) / Math.sqrt(ROUNDS),
    };
  });
}

function expectReturns(model: PredictionModel) {
  for (const market of simulate(model)) {
    expect(market.exact, market.id).toBeGreaterThanOrEqual(0.965);
    expect(market.exact, market.id).toBeLessThanOrEqual(0.97);
    expect(Math.abs(market.simulated - market.exact), market.id).toBeLessThan(5 * market.standardError);
  }
}

describe('penalty shoot-out', () => {
  it('draws the keeper zones from the seeds and scores anywhere else', () => {
    expect(keeperZones(seeds(0), 3)).toEqual(keeperZones(seeds(0), 3));
    const kick = outcome(shootoutEngine.play(seeds(7), { zone: 0, saves: 2 }, {}));
    expect(kick).toEqual({
      zone: 0,
      saves: 2,
      covered: keeperZones(seeds(7), 2),
      scored: true,
      payoutMultiplier: 145,
    });
    expect(keeperZones(seeds(7), 2)).toEqual([3, 2]);
    expect(outcome(shootoutEngine.play(seeds(7), { zone: 3, saves: 2 }, {}))).toMatchObject({
      scored: false,
    });
  });

  it('pays 97 % over the chance of a goal, floored, and returns that in simulation', () => {
    expect(SHOOTOUT_SAVES.map(shootoutPayHundredths)).toEqual([116, 145, 194]);
    for (const saves of SHOOTOUT_SAVES) {
      const exact = (shootoutPayHundredths(saves) / 100) * ((SHOOTOUT_ZONES - saves) / SHOOTOUT_ZONES);
      expect(exact).toBeGreaterThan(0.966);
      expect(exact).toBeLessThanOrEqual(0.97);
      let paid = 0;
      const rounds = 6000;
      for (let nonce = 0; nonce < rounds; nonce++) {
        if (!keeperZones(seeds(nonce), saves).includes(nonce % SHOOTOUT_ZONES))
          paid += shootoutPayHundredths(saves);
      }
      expect(Math.abs(paid / 100 / rounds - exact)).toBeLessThan(0.04);
    }
  });
});

describe('cricket', () => {
  it('draws six balls for an over and one for the next ball, and settles the called market', () => {
    const over = outcome(cricketEngine.play(seeds(1), { market: 'over-7.5' }, { balls: 6 })) as {
      events: string[];
      won: boolean;
    };
    expect(over.events).toEqual(['one', 'two', 'four', 'four', 'one', 'one']);
    expect(runsOf(over.events)).toBe(13);
    expect(over.won).toBe(true);
    expect(outcome(cricketEngine.play(seeds(5), { market: 'wicket' }, { balls: 6 }))).toMatchObject({
      events: ['wicket', 'one', 'one', 'dot', 'dot', 'one'],
      won: true,
    });
    expect(outcome(cricketEngine.play(seeds(1), { market: 'dot' }, { balls: 1 }))).toEqual({
      events: ['one'],
      market: 'dot',
      won: false,
      payoutMultiplier: 269,
    });
    expect(cricketEngine.parseParams({ market: 'maiden' }, { balls: 1 }).ok).toBe(false);
  });

  it('prices every market at 96.5–97 % of its exact chance; simulation agrees', () => {
    const prices = Object.fromEntries(
      marketViews(cricketModel({ balls: 6 })).map((m) => [m.id, m.multiplierHundredths]),
    );
    expect(prices).toEqual({
      'under-7.5': 208,
      'over-7.5': 181,
      'runs-0-5': 343,
      'runs-6-9': 269,
      'runs-10-13': 406,
      'runs-14-plus': 815,
      wicket: 366,
      maiden: 20420,
    });
    expectReturns(cricketModel({ balls: 1 }));
    expectReturns(cricketModel({ balls: 6 }));
  });
});

describe('goal or no goal', () => {
  it('plays every attack of the spell and settles goal, no goal or two and more', () => {
    const spell = outcome(goalCallEngine.play(seeds(3), { market: 'goal' }, { attacks: 5 })) as {
      events: string[];
      won: boolean;
    };
    expect(spell.events).toEqual(['goal', 'wide', 'goal', 'blocked', 'saved']);
    expect(spell.won).toBe(true);
    expect(marketViews(goalCallModel({ attacks: 5 })).map((m) => m.multiplierHundredths)).toEqual([
      205, 183, 862,
    ]);
    expect(goalCallModel({ attacks: 1 }).markets.map((m) => m.id)).toEqual(['goal', 'no-goal']);
    expectReturns(goalCallModel({ attacks: 5 }));
  });
});
