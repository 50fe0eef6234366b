import { poissonTable } from '../mathx.ts';
import { toPpm } from '../ppm.ts';
import type { Runner } from '../types.ts';
import {
  byRunner,
  DRAW_RUNNER,
  matchOdds,
  type MatchModel,
  type ModelInput,
  type ModelSink,
} from './model.ts';

/**
 * Football (and esoccer) goals minute by minute (decision record 0112). Each side scores in a
 * minute with probability rate / 90, rate = league mean x exp(attack - opposing defence); 1/X/2
 * comes from two independent Poisson counts over the time left.
 */
export interface FootballParams {
  readonly homeGoalsPerMatch: number;
  readonly awayGoalsPerMatch: number;
  /** Simulated ms per match minute. */
  readonly minuteMs: number;
  readonly halfTimeMs: number;
  /** Spread of the team ratings (log-rate units). */
  readonly ratingSpread: number;
}

// Top European leagues average ~2.7 goals a match, ~1.5 home and ~1.2 away (football-data.co.uk).
export const FOOTBALL: FootballParams = {
  homeGoalsPerMatch: 1.48,
  awayGoalsPerMatch: 1.16,
  minuteMs: 60_000,
  halfTimeMs: 900_000,
  ratingSpread: 0.35,
};
// FIFA-style esoccer: two 6-minute halves played as 90 match minutes, higher scoring.
export const ESOCCER: FootballParams = {
  homeGoalsPerMatch: 2.7,
  awayGoalsPerMatch: 2.4,
  minuteMs: 8_000,
  halfTimeMs: 60_000,
  ratingSpread: 0.3,
};

const MAX_GOALS = 12;
// Minutes actually played in an average match (90 plus ~2.5 and ~4.5 stoppage); goal rates are per these.
const MATCH_MINUTES = 97;

/** P(home wins, draw, away wins) from the current score and the goal means still to come. */
export function footballChances(
  homeGoals: number,
  awayGoals: number,
  homeMean: number,
  awayMean: number,
): [number, number, number] {
  const home = poissonTable(homeMean, MAX_GOALS);
  const away = poissonTable(awayMean, MAX_GOALS);
  let homeWin = 0;
  let draw = 0;
  for (let h = 0; h <= MAX_GOALS; h++) {
    for (let a = 0; a <= MAX_GOALS; a++) {
      const diff = homeGoals + h - (awayGoals + a);
      const p = home[h]! * away[a]!;
      if (diff > 0) homeWin += p;
      else if (diff === 0) draw += p;
    }
  }
  return [homeWin, draw, Math.max(0, 1 - homeWin - draw)];
}

export function createFootball(params: FootballParams): (input: ModelInput) => MatchModel {
  return ({ fixtureId, competitors, prng }) => {
    const [home, away] = competitors as [Runner, Runner];
    const rating = () => (prng.next() - 0.5) * params.ratingSpread * 2;
    const edge = rating() - rating();
    const homeRate = (params.homeGoalsPerMatch * Math.exp(edge / 2)) / MATCH_MINUTES;
    const awayRate = (params.awayGoalsPerMatch * Math.exp(-edge / 2)) / MATCH_MINUTES;
    const stoppage = [prng.int(1, 4), prng.int(2, 7)] as const;
    const market = matchOdds(fixtureId, [home, away, DRAW_RUNNER]);
    const goals = [0, 0];
    let minute = 0; // minutes played
    let half: 0 | 1 = 0;
    let suspended = false;
    let done = false;

    const halfLength = (index: 0 | 1) => 45 + stoppage[index];
    const minutesLeft = () =>
      half === 0 ? halfLength(0) - minute + 49.5 : halfLength(0) + halfLength(1) - minute;
    const offsetOf = (played: number) =>
      (played + 1) * params.minuteMs + (played >= halfLength(0) ? params.halfTimeMs : 0);

    const publish = (sink: ModelSink) => {
      const left = minutesLeft();
      const chances = footballChances(goals[0]!, goals[1]!, homeRate * left, awayRate * left);
      sink.prices({ [market.id]: byRunner(market.runners, toPpm([chances[0], chances[2], chances[1]])) });
    };
    const score = (sink: ModelSink, lastEvent: string) => {
      const played = half === 0 || minute <= halfLength(0) ? minute : 45 + minute - halfLength(0);
      const regulation = played <= 45 || (minute > halfLength(0) && played <= 90);
      const clock = regulation
        ? `${played}`
        : played <= 45 + stoppage[0]
          ? `45+${played - 45}`
          : `90+${played - 90}`;
      const period = lastEvent === 'HALF_TIME' ? 'Half time' : half === 0 ? '1st half' : '2nd half';
      sink.score({ summary: `${goals[0]}-${goals[1]} ${clock}'`, values: [...goals], period, lastEvent });
    };

    const step = (sink: ModelSink) => {
      if (suspended) sink.resume(market.id);
      suspended = false;
      minute += 1;
      let lastEvent = '';
      const homeScores = prng.next() < homeRate;
      const awayScores = prng.next() < awayRate;
      if (homeScores) goals[0]! += 1;
      if (awayScores) goals[1]! += 1;
      if (homeScores || awayScores) {
        lastEvent = 'GOAL';
        suspended = true;
        sink.suspend(market.id, 'GOAL');
      }
      if (half === 0 && minute === halfLength(0)) {
        half = 1;
        lastEvent ||= 'HALF_TIME';
      }
      const fullTime = minute === halfLength(0) + halfLength(1);
      score(sink, fullTime ? 'FULL_TIME' : lastEvent);
      if (!fullTime) return publish(sink);
      const winner = goals[0]! > goals[1]! ? home : goals[0]! < goals[1]! ? away : DRAW_RUNNER;
      if (!suspended) sink.suspend(market.id, 'SCORE');
      sink.result(market.id, { kind: 'WINNER', winnerRunnerId: winner.id });
      done = true;
    };

    return {
      markets: [market],
      inPlayAllowed: true,
      preMatch: publish,
      nextStepOffsetMs: () => (done ? null : offsetOf(minute)),
      step,
    };
  };
}
