import { overRunsOutcome, type CricketScore, type InningsScore } from '@backlay/betfair-stream';
import {
  InningsTable,
  marketId,
  oddChance,
  runsAtOver,
  toPpm,
  yesChance,
  type FeedEvent,
  type MarketDef,
  type RunnerPpm,
} from '@backlay/feed';

/** The house's lines on each innings of a limited-overs match with sports data (docs/decisions/0279). */
const SESSION_OVERS = [6, 10, 20] as const;
const ODD_EVEN_OVERS = 6;
/** Innings the lines are offered on: a limited-overs match has two. */
const LINE_INNINGS = [1, 2] as const;
/** Longer matches (Tests) have no overs limit and no such lines. */
const MAX_LINE_MATCH_OVERS = 50;

const YES_NO = [
  { id: 'yes', name: 'Yes' },
  { id: 'no', name: 'No' },
];
const ODD_EVEN = [
  { id: 'odd', name: 'Odd' },
  { id: 'even', name: 'Even' },
];

/** The simulator's ball-by-ball model at an even strength prices the real score's lines. */
let table: InningsTable | null = null;
const inningsTable = () => (table ??= new InningsTable(0));

export type LineSpec = { market: MarketDef; innings: number; overs: number };

/** The lines of each innings the data has begun, for an event with an overs limit. */
export function lineSpecsOf(eventId: string, score: CricketScore): LineSpec[] {
  const maxOvers = score.maxOvers;
  if (maxOvers === null || maxOvers > MAX_LINE_MATCH_OVERS) return [];
  return score.innings
    .filter((innings) => (LINE_INNINGS as readonly number[]).includes(innings.number))
    .flatMap((innings) => {
      const team = innings.battingTeam ?? `Innings ${innings.number}`;
      const id = (suffix: string) => marketId(eventId, `i${innings.number}-${suffix}`);
      const line = (overs: number, type: MarketDef['type'], suffix: string, name: string) => ({
        market: {
          id: id(suffix),
          type,
          name: `${team} ${name}`,
          pricing: 'HOUSE' as const,
          runners: type === 'ODD_EVEN' ? ODD_EVEN : YES_NO,
          settlesOnValue: true,
        },
        innings: innings.number,
        overs,
      });
      return [
        ...SESSION_OVERS.filter((overs) => overs <= maxOvers).map((overs) =>
          line(overs, 'FANCY', `${overs}-over-runs`, `${overs} over runs`),
        ),
        line(
          ODD_EVEN_OVERS,
          'ODD_EVEN',
          `${ODD_EVEN_OVERS}-over-odd-even`,
          `${ODD_EVEN_OVERS} over runs odd/even`,
        ),
      ];
    });
}

const pair = (ids: readonly [string, string], first: number): RunnerPpm => {
  const [a, b] = toPpm([first, 1 - first]);
  return { [ids[0]]: a!, [ids[1]]: b! };
};

/** A line's run line and fair chances from the innings as it stands. */
function priced(spec: LineSpec, innings: InningsScore): { line: number; ppm: RunnerPpm } {
  const state = {
    runs: innings.runs,
    wickets: Math.min(innings.wickets, 9),
    balls: Math.min(innings.balls, 119),
  };
  // An odd/even line has no run line: 0, as the simulator's.
  if (spec.market.type === 'ODD_EVEN')
    return { line: 0, ppm: pair(['odd', 'even'], oddChance(state, spec.overs, inningsTable())) };
  const { mean, variance } = runsAtOver(state, spec.overs, inningsTable());
  const line = Math.max(1, Math.round(mean));
  return { line, ppm: pair(['yes', 'no'], yesChance(line, mean, variance)) };
}

/** Statuses after which a line takes nothing more. */
const DECIDED = new Set(['SETTLED', 'VOID', 'CLOSED']);

/**
 * What the score means for each line (`statuses`: the lines' markets that exist): a line still open
 * is created when new and priced, and suspended while a ball is in play; a line whose over ended is
 * closed and settled on the runs the data gave at it, or voided when its innings ended first.
 */
export function lineChangesOf(
  eventId: string,
  score: CricketScore,
  statuses: ReadonlyMap<string, string>,
  atMs: number,
): { create: MarketDef[]; events: FeedEvent[] } {
  const create: MarketDef[] = [];
  const events: FeedEvent[] = [];
  const ballInPlay = score.eventStatus === 'BALL_IN_PROGRESS';
  for (const spec of lineSpecsOf(eventId, score)) {
    const id = spec.market.id;
    const status = statuses.get(id);
    if (status !== undefined && DECIDED.has(status)) continue;
    const outcome = overRunsOutcome(score, spec.innings, spec.overs);
    const base = { atMs, fixtureId: eventId, marketId: id };
    if (outcome.kind !== 'open') {
      if (status === undefined) continue;
      events.push({ type: 'SUSPEND', ...base, reason: 'LINE_CLOSED' });
      const result =
        outcome.kind === 'void'
          ? { kind: 'VOID' as const }
          : { kind: 'LINE' as const, lineResult: outcome.runs };
      events.push({ type: 'RESULT', ...base, outcome: result });
      continue;
    }
    if (status === undefined) create.push(spec.market);
    const innings = score.innings.find((i) => i.number === spec.innings)!;
    const { line, ppm } = priced(spec, innings);
    events.push({ type: 'LINE', ...base, line, probabilitiesPpm: ppm });
    events.push(ballInPlay ? { type: 'SUSPEND', ...base, reason: 'SCORE' } : { type: 'RESUME', ...base });
  }
  return { create, events };
}
