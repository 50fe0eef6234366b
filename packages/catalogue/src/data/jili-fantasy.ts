import { title, type TitleSpec } from './title.ts';

/**
 * Fantasy: instant prediction titles on sport, played by the local aggregator's own engines from the
 * provably-fair byte stream (docs/decisions/0179). They join the JILI-style list, the merged list of
 * opaque-id titles; SPRIBE's eleven and JDB's numeric codes stay as they are.
 */
export const JILI_FANTASY: readonly TitleSpec[] = [
  title('Penalty Shoot-out', 'fantasy', 'shootout', { theme: 'football' }),
  title('Cricket Over', 'fantasy', 'cricket', { theme: 'cricket', balls: 6 }),
  title('Next Ball', 'fantasy', 'cricket', { theme: 'stadium', balls: 1 }),
  title('Goal or No Goal', 'fantasy', 'goal-call', { theme: 'football', attacks: 5 }),
];
