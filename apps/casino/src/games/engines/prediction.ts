import { z } from 'zod';
import { OutcomeStream, checkSeeds, type Seeds } from '@backlay/fair';
import { done, fairValue, parseWith, refuse, type SingleEngine } from '../engine.ts';

/** One thing that can happen at a step (a ball, an attack); weights of a model's events sum to 100. */
export type PredictionEvent = { readonly id: string; readonly label: string; readonly weight: number };

/** A call the player can make about the whole sequence. */
export type PredictionMarket = {
  readonly id: string;
  readonly label: string;
  readonly group: string;
  readonly wins: (events: readonly string[]) => boolean;
};

/** `steps` events drawn one after the other, and the calls on them (docs/decisions/0179). */
export type PredictionModel = {
  readonly key: string;
  readonly events: readonly PredictionEvent[];
  readonly steps: number;
  readonly markets: readonly PredictionMarket[];
};

/** What the page shows for a market: its price, and its exact chance in parts per million. */
export type MarketView = {
  readonly id: string;
  readonly label: string;
  readonly group: string;
  readonly multiplierHundredths: number;
  readonly chancePpm: number;
};

const WEIGHT_TOTAL = 100;

/**
 * Each step reads one float of the published byte stream: floor(float × 100) falls into the events'
 * cumulative weights, in the order the model lists them.
 */
export function drawEvents(seeds: Seeds, model: PredictionModel): string[] {
  const stream = new OutcomeStream(seeds);
  return Array.from({ length: model.steps }, () => {
    let roll = Math.floor(stream.nextFloat() * WEIGHT_TOTAL);
    for (const event of model.events) {
      if (roll < event.weight) return event.id;
      roll -= event.weight;
    }
    throw new Error('event weights must sum to 100');
  });
}

/**
 * Exact weight of every market over all 100^steps equally likely step sequences, by enumerating the
 * event sequences (7^6 = 117,649 for an over). Counts stay below 2^53 for up to 7 steps.
 */
function exactWinningWeights(model: PredictionModel): number[] {
  const winning = model.markets.map(() => 0);
  const events: string[] = [];
  const walk = (weight: number) => {
    if (events.length === model.steps) {
      model.markets.forEach((market, i) => {
        if (market.wins(events)) winning[i]! += weight;
      });
      return;
    }
    for (const event of model.events) {
      events.push(event.id);
      walk(weight * event.weight);
      events.pop();
    }
  };
  walk(1);
  return winning;
}

/** Pays 97 % over the exact chance, floored to hundredths: 97 × total / winning. */
export function ninetySevenPercentPay(winning: number, total: number): number {
  return Number((97n * BigInt(total)) / BigInt(winning));
}

const marketCache = new Map<string, readonly MarketView[]>();

/** Every market of the model with its price, computed once per model. */
export function marketViews(model: PredictionModel): readonly MarketView[] {
  const cached = marketCache.get(model.key);
  if (cached) return cached;
  if (model.steps > 7) throw new Error('prediction models have at most 7 steps');
  const total = WEIGHT_TOTAL ** model.steps;
  const winning = exactWinningWeights(model);
  const views = model.markets.map((market, i) => ({
    id: market.id,
    label: market.label,
    group: market.group,
    multiplierHundredths: ninetySevenPercentPay(winning[i]!, total),
    chancePpm: Math.round((winning[i]! * 1_000_000) / total),
  }));
  marketCache.set(model.key, views);
  return views;
}

/** A single-step engine over a model chosen by the title's config: pick a market, the events decide it. */
export function predictionEngine<C>(
  modelOf: (config: C) => PredictionModel,
): SingleEngine<C, { market: string }> {
  return {
    kind: 'single',
    parseParams(raw, config) {
      const parsed = parseWith(z.object({ market: z.string().min(1).max(30) }), raw);
      if (parsed.ok && !modelOf(config).markets.some((market) => market.id === parsed.value.market)) {
        return refuse('INVALID_PARAMS', 'Invalid market: not offered in this game.');
      }
      return parsed;
    },
    play(seeds, params, config) {
      const checked = fairValue(checkSeeds(seeds));
      if (!checked.ok) return checked;
      const model = modelOf(config);
      const events = drawEvents(seeds, model);
      const market = model.markets.find((candidate) => candidate.id === params.market)!;
      const price = marketViews(model).find((view) => view.id === market.id)!.multiplierHundredths;
      const won = market.wins(events);
      return done({
        multiplierHundredths: won ? price : 0,
        outcome: { events, market: market.id, won, payoutMultiplier: price },
      });
    },
  };
}
