import { pickWeighted } from '../mathx.ts';
import type { Prng } from '../prng.ts';
import { toPpm } from '../ppm.ts';
import type { MarketDef, Runner } from '../types.ts';
import {
  BALLS_PER_INNINGS,
  EXTRA_PER_DELIVERY,
  InningsTable,
  OUTCOMES,
  RUNS_OF,
  WICKETS,
} from './cricket-ball.ts';
import { CricketLines } from './cricket-lines.ts';
import { matchChances, type InningsState } from './cricket-odds.ts';
import {
  byRunner,
  marketId,
  matchOdds,
  YES_NO,
  type MatchModel,
  type ModelInput,
  type ModelSink,
} from './model.ts';

/** Simulated pacing: a T20 lasts about 3 h 20 min (20 overs ~ 92 min per innings, 15 min break). */
export const CRICKET_TIMING = {
  ballMs: 36_000,
  extraMs: 25_000,
  overChangeMs: 60_000,
  inningsBreakMs: 900_000,
};

/** T20 ball by ball (decision record 0111). */
export function createCricket(input: ModelInput): MatchModel {
  return new CricketMatch(input);
}

class CricketMatch implements MatchModel {
  readonly inPlayAllowed = true;
  readonly markets: readonly MarketDef[];
  private readonly prng: Prng;
  private readonly home: Runner;
  private readonly away: Runner;
  private readonly order: readonly [Runner, Runner];
  /** Batting edge of the side batting first over the other (about -0.15..0.15). */
  private readonly edge: number;
  private readonly tables: readonly [InningsTable, InningsTable];
  private readonly lines: CricketLines;
  private readonly odds: MarketDef;
  private readonly bookmaker: MarketDef;
  private readonly tied: MarketDef;
  private readonly innings: [InningsState, InningsState] = [
    { runs: 0, wickets: 0, balls: 0 },
    { runs: 0, wickets: 0, balls: 0 },
  ];
  private current: 0 | 1 = 0;
  private elapsedMs = 0;
  private nextOffsetMs: number | null = CRICKET_TIMING.ballMs;
  private suspended: string[] = [];

  constructor({ fixtureId, competitors, prng }: ModelInput) {
    this.prng = prng;
    [this.home, this.away] = competitors as [Runner, Runner];
    this.order = prng.next() < 0.5 ? [this.home, this.away] : [this.away, this.home]; // the toss
    this.edge = (prng.next() - 0.5) * 0.3;
    this.tables = [new InningsTable(this.edge / 2), new InningsTable(-this.edge / 2)];
    this.lines = new CricketLines(fixtureId, this.order);
    this.odds = matchOdds(fixtureId, [this.home, this.away]);
    const house = { pricing: 'HOUSE' as const, type: 'BOOKMAKER' as const, name: 'Bookmaker' };
    this.bookmaker = { ...this.odds, ...house, id: marketId(fixtureId, 'bookmaker') };
    const tiedId = marketId(fixtureId, 'tied-match');
    this.tied = { ...this.odds, id: tiedId, type: 'TIED_MATCH', name: 'Tied Match', runners: YES_NO };
    this.markets = [this.odds, this.bookmaker, this.tied, ...this.lines.markets];
  }

  preMatch(sink: ModelSink): void {
    this.publishPrices(sink);
    this.lines.publish(sink, 1, this.innings[1], this.tables[1]);
  }

  nextStepOffsetMs(): number | null {
    return this.nextOffsetMs;
  }

  /** One delivery: a wide or no-ball (a run, bowled again) or a legal ball from the outcome table. */
  step(sink: ModelSink): void {
    this.elapsedMs = this.nextOffsetMs ?? this.elapsedMs;
    for (const id of this.suspended) sink.resume(id);
    this.suspended = [];
    const state = this.innings[this.current];
    if (this.prng.next() < EXTRA_PER_DELIVERY) {
      state.runs += 1;
      return this.afterDelivery(sink, 'WD', false);
    }
    const row = this.tables[this.current].outcomeRow(state.balls);
    const outcome = OUTCOMES[pickWeighted(row, this.prng.next())]!;
    state.balls += 1;
    state.runs += RUNS_OF[outcome];
    if (outcome === 'W') state.wickets += 1;
    this.afterDelivery(sink, outcome, true);
  }

  private afterDelivery(sink: ModelSink, outcome: string, legal: boolean): void {
    const state = this.innings[this.current];
    const chaseDone = this.current === 1 && state.runs > this.innings[0].runs;
    const inningsOver = state.balls >= BALLS_PER_INNINGS || state.wickets >= WICKETS || chaseDone;
    if (outcome === 'W' && !inningsOver) {
      // Key moment: everything live on this innings stops until the next ball is bowled.
      this.suspended = [this.odds.id, this.bookmaker.id, this.tied.id, ...this.lines.openIds(this.current)];
      for (const id of this.suspended) sink.suspend(id, 'WICKET');
    }
    this.publishScore(sink, outcome);
    this.lines.settle(sink, this.current, state, inningsOver);
    if (inningsOver && this.current === 1) return this.finish(sink);
    if (inningsOver) {
      this.current = 1;
      this.elapsedMs += CRICKET_TIMING.inningsBreakMs;
      this.publishScore(sink, 'INNINGS_BREAK');
    }
    this.publishPrices(sink);
    const overDone = legal && state.balls % 6 === 0;
    const { ballMs, overChangeMs, extraMs } = CRICKET_TIMING;
    this.elapsedMs += legal ? ballMs + (overDone ? overChangeMs : 0) : extraMs;
    this.nextOffsetMs = this.elapsedMs;
  }

  private publishPrices(sink: ModelSink): void {
    const [first, second] = this.innings;
    const chances = matchChances(this.current, first, second, this.tables[0], this.tables[1]);
    // MATCH_ODDS and BOOKMAKER include the super over (the same weighted coin as `finish`).
    const firstShare = chances.first + chances.tie * (0.5 + this.edge);
    const [firstPpm, secondPpm] = toPpm([firstShare, 1 - firstShare]) as [number, number];
    const sides = this.order[0] === this.home ? [firstPpm, secondPpm] : [secondPpm, firstPpm];
    sink.prices({
      [this.odds.id]: byRunner(this.odds.runners, sides),
      [this.bookmaker.id]: byRunner(this.bookmaker.runners, sides),
      [this.tied.id]: byRunner(YES_NO, toPpm([chances.tie, 1 - chances.tie])),
    });
    this.lines.publish(sink, this.current, this.innings[this.current], this.tables[this.current]);
  }

  private publishScore(sink: ModelSink, lastEvent: string): void {
    const state = this.innings[this.current];
    const overs = `${Math.floor(state.balls / 6)}.${state.balls % 6}`;
    let summary = `${this.order[this.current].name} ${state.runs}/${state.wickets} (${overs} ov)`;
    if (this.current === 1) {
      const need = Math.max(0, this.innings[0].runs + 1 - state.runs);
      summary += ` · need ${need} from ${BALLS_PER_INNINGS - state.balls}`;
    }
    const runsOf = (runner: Runner) => this.innings[this.order[0] === runner ? 0 : 1].runs;
    const period = this.current === 0 ? '1st innings' : '2nd innings';
    sink.score({ summary, values: [runsOf(this.home), runsOf(this.away)], period, lastEvent });
  }

  private finish(sink: ModelSink): void {
    const [first, second] = this.innings;
    const level = first.runs === second.runs;
    // A tie goes to a super over; modelled as a coin weighted slightly by the batting edge.
    const firstWins = level ? this.prng.next() < 0.5 + this.edge : first.runs > second.runs;
    const winner = firstWins ? this.order[0] : this.order[1];
    for (const market of [this.odds, this.bookmaker]) {
      sink.suspend(market.id, 'SCORE');
      sink.result(market.id, { kind: 'WINNER', winnerRunnerId: winner.id });
    }
    sink.suspend(this.tied.id, 'SCORE');
    sink.result(this.tied.id, { kind: 'WINNER', winnerRunnerId: level ? 'yes' : 'no' });
    this.nextOffsetMs = null;
  }
}
