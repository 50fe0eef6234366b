import type { CricketChange, CricketInningsStats } from './types.ts';

/** One innings as the sports data last gave it. */
export interface InningsScore {
  number: number;
  battingTeam: string | null;
  bowlingTeam: string | null;
  runs: number;
  wickets: number;
  /** Legal balls bowled: "12.5" overs is 77. */
  balls: number;
  /**
   * Runs at the end of each over, by over number, as the first change showing exactly `N.0` overs
   * gave them (a wide bowled after it, before the next legal ball, is the next over's).
   */
  overRuns: Record<string, number>;
}

/** A batter at the crease: runs, and whether on strike. */
export interface BatterScore {
  runs: number;
  onStrike: boolean;
}

/** A cricket match's live score, folded from `ccm` changes (docs/decisions/0279). */
export interface CricketScore {
  /** The source's event id. */
  eventId: string;
  marketId: string | null;
  /** Publish time of the last change folded in. */
  pt: number;
  fixtureStatus: string | null;
  eventStatus: string | null;
  maxOvers: number | null;
  currentInnings: number | null;
  innings: InningsScore[];
  batting: { team: string | null; batters: BatterScore[] } | null;
  /** The match's winner when the data names one. */
  winner: string | null;
}

/** Fixture states after which no innings goes on. */
const ENDED_FIXTURE = new Set(['COMPLETED', 'COMPLETE', 'FINISHED', 'CLOSED', 'ABANDONED', 'CANCELLED']);
const OVERS_PATTERN = /^(\d{1,3})(?:\.([0-5]))?$/;

/** Legal balls of an overs figure ("12.5" → 77, "13" → 78); null when it is not one. */
export function ballsOfOvers(overs: unknown): number | null {
  const text = typeof overs === 'number' ? String(overs) : overs;
  if (typeof text !== 'string') return null;
  const match = OVERS_PATTERN.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 6 + Number(match[2] ?? 0);
}

/** "12.5" from 77 legal balls. */
export const oversOfBalls = (balls: number): string => `${Math.floor(balls / 6)}.${balls % 6}`;

const count = (value: unknown): number | null =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 10_000 ? value : null;
const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, 200) : null;

/**
 * Folds one cricket change published at `pt` into the event's score (null: none yet). A change names
 * only what it updates, so what it leaves out is kept; innings merge by number. A change published
 * before the score held is passed over (recordings hold a few out of order), so folding the same
 * change again changes nothing. Null: the change names no event.
 */
export function foldCricketChange(
  before: CricketScore | null,
  change: CricketChange,
  pt: number,
): CricketScore | null {
  const eventId = text(change.eventId) ?? before?.eventId ?? null;
  if (eventId === null) return null;
  if (before && pt < before.pt) return before;
  const fixture = change.fixtureInfo;
  const stats = change.matchStats;
  const score: CricketScore = {
    eventId,
    marketId: text(change.marketId) ?? before?.marketId ?? null,
    pt,
    fixtureStatus: text(fixture?.fixtureStatus) ?? before?.fixtureStatus ?? null,
    eventStatus: text(fixture?.eventStatus) ?? before?.eventStatus ?? null,
    maxOvers: count(fixture?.maxOvers) ?? before?.maxOvers ?? null,
    currentInnings: count(stats?.currentInnings) ?? before?.currentInnings ?? null,
    innings: mergeInnings(before?.innings ?? [], stats?.inningsStats),
    batting: battingOf(stats?.battingTeamStats) ?? before?.batting ?? null,
    winner: winnerOf(stats?.winner) ?? before?.winner ?? null,
  };
  return score;
}

function mergeInnings(before: readonly InningsScore[], changes: unknown): InningsScore[] {
  const byNumber = new Map(before.map((innings) => [innings.number, innings]));
  for (const change of Array.isArray(changes) ? (changes as CricketInningsStats[]) : []) {
    const number = count(change?.inningsNum);
    if (number === null || number < 1 || number > 4) continue;
    const held = byNumber.get(number);
    const runs = count(change.inningsRuns) ?? held?.runs ?? 0;
    const balls = ballsOfOvers(change.inningsOvers) ?? held?.balls ?? 0;
    const overRuns = { ...held?.overRuns };
    if (balls > 0 && balls % 6 === 0 && overRuns[balls / 6] === undefined) overRuns[balls / 6] = runs;
    byNumber.set(number, {
      number,
      battingTeam: text(change.battingTeam) ?? held?.battingTeam ?? null,
      bowlingTeam: text(change.bowlingTeam) ?? held?.bowlingTeam ?? null,
      runs,
      wickets: count(change.inningsWickets) ?? held?.wickets ?? 0,
      balls,
      overRuns,
    });
  }
  return [...byNumber.values()].sort((a, b) => a.number - b.number);
}

function battingOf(stats: Record<string, unknown> | undefined): CricketScore['batting'] {
  if (!stats || typeof stats !== 'object') return null;
  const batters: BatterScore[] = [];
  for (const slot of [1, 2]) {
    const runs = count(stats[`bat${slot}Runs`]);
    if (runs !== null) batters.push({ runs, onStrike: stats[`bat${slot}Strike`] === 1 });
  }
  return { team: text(stats.teamName), batters };
}

const winnerOf = (value: unknown): string | null => {
  const name = text(value);
  return name === null || name.toUpperCase() === 'NA' ? null : name;
};

/** The innings being played (or the last one): the current one named, else the highest. */
export function currentInningsOf(score: CricketScore): InningsScore | null {
  const named = score.innings.find((innings) => innings.number === score.currentInnings);
  return named ?? score.innings.at(-1) ?? null;
}

/**
 * True once an innings can go on no more: a later innings began, the match ended, all out, or its
 * overs are bowled.
 */
export function inningsEnded(score: CricketScore, number: number): boolean {
  if ((score.currentInnings ?? 0) > number) return true;
  if (score.innings.some((innings) => innings.number > number)) return true;
  if (score.winner !== null || ENDED_FIXTURE.has(score.fixtureStatus ?? '')) return true;
  const innings = score.innings.find((i) => i.number === number);
  if (!innings) return false;
  return innings.wickets >= 10 || (score.maxOvers !== null && innings.balls >= score.maxOvers * 6);
}

/** How a line on an innings' runs at the end of an over stands. */
export type OverRunsOutcome = { kind: 'open' } | { kind: 'settled'; runs: number } | { kind: 'void' };

/**
 * The runs an innings had at the end of over `over`, as the data gave them; void when the innings
 * ended before it, or when the data went past that over without showing its end.
 */
export function overRunsOutcome(score: CricketScore, number: number, over: number): OverRunsOutcome {
  const innings = score.innings.find((i) => i.number === number);
  const runs = innings?.overRuns[over];
  if (runs !== undefined) return { kind: 'settled', runs };
  if ((innings && innings.balls > over * 6) || inningsEnded(score, number)) return { kind: 'void' };
  return { kind: 'open' };
}
