import type { Score } from '@backlay/contracts';

/** A chase with sports data, for tests of the match page (no page imports this). */
export const cricketChase: Score = {
  summary: 'Multan Sultans 155/4 (17.2 ov) · need 26 from 16',
  values: [180, 155],
  period: '2nd innings',
  lastEvent: '',
  cricket: {
    innings: 2,
    battingTeam: 'Multan Sultans',
    runs: 155,
    wickets: 4,
    overs: '17.2',
    batters: [
      { runs: 41, onStrike: false },
      { runs: 9, onStrike: true },
    ],
    earlier: ['Karachi Kings 180/6 (20.0 ov)'],
  },
};
