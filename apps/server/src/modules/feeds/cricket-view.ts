import type { Score } from '@backlay/contracts';
import {
  currentInningsOf,
  oversOfBalls,
  type CricketScore,
  type InningsScore,
} from '@backlay/betfair-stream';

const ORDINALS = ['1st', '2nd', '3rd', '4th'];

const inningsText = (innings: InningsScore): string =>
  `${innings.battingTeam ?? `Innings ${innings.number}`} ${innings.runs}/${innings.wickets} (${oversOfBalls(innings.balls)} ov)`;

/**
 * The portal's score of a cricket match from its sports data (docs/decisions/0279): the summary lists
 * show ("Karachi Kings 81/2 (13.0 ov)", with what a chase needs), and the innings at the crease with
 * its batters for the match page. Null before the data gives an innings.
 */
export function scoreViewOf(score: CricketScore): Score | null {
  const current = currentInningsOf(score);
  if (!current) return null;
  const earlier = score.innings.filter((innings) => innings.number < current.number);
  const target = earlier.length === 1 && current.number === 2 ? chaseText(score, earlier[0]!, current) : '';
  const team = score.batting?.team;
  const batting = team === null || team === current.battingTeam;
  return {
    summary: [inningsText(current), target].filter(Boolean).join(' · '),
    values: score.innings.map((innings) => innings.runs),
    period: `${ORDINALS[current.number - 1] ?? current.number} innings`,
    lastEvent: '',
    cricket: {
      innings: current.number,
      battingTeam: current.battingTeam,
      runs: current.runs,
      wickets: current.wickets,
      overs: oversOfBalls(current.balls),
      batters: batting ? (score.batting?.batters ?? []) : [],
      earlier: earlier.map(inningsText),
    },
  };
}

/** "need 26 from 16", while a two-innings match's chase goes on. */
function chaseText(score: CricketScore, first: InningsScore, chase: InningsScore): string {
  const needed = first.runs + 1 - chase.runs;
  if (needed <= 0 || score.maxOvers === null || score.winner !== null) return '';
  const ballsLeft = score.maxOvers * 6 - chase.balls;
  return ballsLeft > 0 && chase.wickets < 10 ? `need ${needed} from ${ballsLeft}` : '';
}
