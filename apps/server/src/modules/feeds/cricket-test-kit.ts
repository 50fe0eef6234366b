import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import type { TestContext } from '../../test/test-app.ts';
import { recording, uploadBytes, type Headers } from './feeds-test-kit.ts';

/** The shared cricket sports data (Karachi Kings v Multan Sultans) and its market. */
export const CRICKET_FILE = 'betfairlightweight/CRICKET-1.179676557';
export const CRICKET_MARKET = '1.179676557';
export const CRICKET_EVENT = '30610310';
/** The shared file's first line's publish time. */
export const CRICKET_START_PT = 1643299036304;

const definition = (status: string, inPlay: boolean, winner?: number) => ({
  eventId: CRICKET_EVENT,
  eventTypeId: '4',
  marketType: 'MATCH_ODDS',
  name: 'Match Odds',
  eventName: 'Karachi Kings v Multan Sultans',
  numberOfWinners: 1,
  status,
  inPlay,
  bettingType: 'ODDS',
  marketTime: '2022-01-27T15:00:00.000Z',
  runners: [1, 2].map((id) => ({
    id,
    sortPriority: id,
    status: winner === undefined ? 'ACTIVE' : id === winner ? 'WINNER' : 'LOSER',
  })),
});

/**
 * A small stream recording of the match's MATCH_ODDS (no recording of that market is shared): its
 * definition before the sports data, prices, and the market closed with `winner` at `closePt`.
 */
export function matchOddsLines(closePt: number, winner = 1): string[] {
  const mcm = (pt: number, change: object) =>
    JSON.stringify({ op: 'mcm', clk: String(pt), pt, mc: [{ id: CRICKET_MARKET, ...change }] });
  return [
    mcm(CRICKET_START_PT - 5_000, {
      img: true,
      marketDefinition: definition('OPEN', true),
      rc: [
        { id: 1, atb: [[1.8, 500]], atl: [[1.82, 400]] },
        { id: 2, atb: [[2.2, 300]], atl: [[2.24, 350]] },
      ],
    }),
    mcm(CRICKET_START_PT + 6_000, { rc: [{ id: 1, ltp: 1.81, trd: [[1.81, 20]] }] }),
    mcm(closePt, { marketDefinition: definition('CLOSED', false, winner) }),
  ];
}

type Innings = { number: number; runs: number; overs: string; wickets?: number; team?: string };

/** One line of cricket sports data for the match, the shape of the shared file's. */
export function ccmLine(
  pt: number,
  innings: readonly Innings[],
  extra: Record<string, unknown> = {},
): string {
  const current = innings.at(-1)!;
  const team = (i: Innings) => i.team ?? (i.number === 1 ? 'Karachi Kings' : 'Multan Sultans');
  return JSON.stringify({
    op: 'ccm',
    clk: String(pt),
    pt,
    cc: [
      {
        eventId: CRICKET_EVENT,
        marketId: CRICKET_MARKET,
        fixtureInfo: { fixtureStatus: 'IN_RUNNING', maxOvers: 20 },
        matchStats: {
          currentInnings: current.number,
          inningsStats: innings.map((i) => ({
            inningsNum: i.number,
            battingTeam: team(i),
            inningsRuns: i.runs,
            inningsOvers: i.overs,
            inningsWickets: i.wickets ?? 0,
          })),
          battingTeamStats: {
            teamName: team(current),
            bat1Runs: 11,
            bat1Strike: 1,
            bat2Runs: 3,
            bat2Strike: 0,
          },
        },
        ...extra,
      },
    ],
  });
}

export async function uploadText(t: TestContext, headers: Headers, name: string, lines: readonly string[]) {
  const response = await uploadBytes(t, headers, name, Buffer.from(`${lines.join('\n')}\n`));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ file: { id: string; kind: string } }>().file;
}

/** The shared file's lines followed by these, as one sports-data upload. */
export const sharedCricketLines = (...more: string[]): string[] => [
  ...readFileSync(recording(CRICKET_FILE), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== ''),
  ...more,
];
