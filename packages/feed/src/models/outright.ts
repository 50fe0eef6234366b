import { normalCdf } from '../mathx.ts';
import { toPpm } from '../ppm.ts';
import { byRunner, matchOdds, type MatchModel, type ModelInput, type ModelSink } from './model.ts';
import { softmax } from './race.ts';

/**
 * Long-running outrights such as an election (decision record 0114). Each candidate's final tally
 * is strength + a Brownian path revealed as the count progresses; chances are the softmax of the
 * revealed standing scaled by the uncertainty still to come.
 */
export const OUTRIGHT = { countSteps: 48, stepMs: 1_800_000, totalNoise: 1.2 };

export function createOutright({ fixtureId, competitors, prng }: ModelInput): MatchModel {
  const market = { ...matchOdds(fixtureId, competitors), name: 'Winner' };
  const standing = competitors.map(() => (prng.next() - 0.5) * 2.4);
  const stepSd = OUTRIGHT.totalNoise / Math.sqrt(OUTRIGHT.countSteps);
  let counted = 0;

  const publish = (sink: ModelSink) => {
    const leftSd = OUTRIGHT.totalNoise * Math.sqrt((OUTRIGHT.countSteps - counted) / OUTRIGHT.countSteps);
    // A Gumbel scale of sd x sqrt(6) / pi matches the spread still to come.
    const scale = Math.max(0.02, (leftSd * Math.sqrt(6)) / Math.PI);
    sink.prices({ [market.id]: byRunner(market.runners, toPpm(softmax(standing.map((s) => s / scale)))) });
  };

  const step = (sink: ModelSink) => {
    for (let i = 0; i < standing.length; i++) standing[i]! += stepSd * normalQuantile(prng.next());
    counted += 1;
    const leader = standing.indexOf(Math.max(...standing));
    const percent = Math.round((counted * 100) / OUTRIGHT.countSteps);
    const summary = `Counted ${percent}% · leading ${competitors[leader]!.name}`;
    sink.score({
      summary,
      values: [],
      period: 'Count',
      lastEvent: counted === OUTRIGHT.countSteps ? 'DECLARED' : '',
    });
    if (counted < OUTRIGHT.countSteps) return publish(sink);
    sink.suspend(market.id, 'SCORE');
    sink.result(market.id, { kind: 'WINNER', winnerRunnerId: competitors[leader]!.id });
  };

  return {
    markets: [market],
    inPlayAllowed: true,
    preMatch: publish,
    nextStepOffsetMs: () => (counted >= OUTRIGHT.countSteps ? null : (counted + 1) * OUTRIGHT.stepMs),
    step,
  };
}

/** Inverse normal CDF by bisection on normalCdf: slow-ish but only used a few times an hour. */
function normalQuantile(uniform: number): number {
  let low = -8;
  let high = 8;
  for (let i = 0; i < 40; i++) {
    const middle = (low + high) / 2;
    if (normalCdf(middle) < uniform) low = middle;
    else high = middle;
  }
  return (low + high) / 2;
}
