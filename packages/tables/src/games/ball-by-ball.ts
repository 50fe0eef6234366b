import { points } from '../limits.ts';
import type { MarketDef, TableGame, TableOutcome } from '../types.ts';

/**
 * What one delivery can produce, with its chance in basis points of 10,000 (a T20 death-overs mix:
 * docs/decisions/0152). The codes are what results show: 0, 1, 2, 3, 4, 6 runs, W a wicket, E extra runs
 * (a wide or no-ball).
 */
export const DELIVERIES = [
  { code: '0', label: '0 Runs', basisPoints: 3_400 },
  { code: '1', label: '1 Run', basisPoints: 3_600 },
  { code: '2', label: '2 Runs', basisPoints: 700 },
  { code: '3', label: '3 Runs', basisPoints: 100 },
  { code: '4', label: '4 Runs', basisPoints: 1_000 },
  { code: '6', label: '6 Runs', basisPoints: 500 },
  { code: 'W', label: 'Wicket', basisPoints: 400 },
  { code: 'E', label: 'Extra Runs', basisPoints: 300 },
] as const;

const MARKETS: readonly MarketDef[] = [
  { id: 'runs-0', name: '0 Runs', oddsHundredths: 280 },
  { id: 'runs-1', name: '1 Run', oddsHundredths: 263 },
  { id: 'runs-2', name: '2 Runs', oddsHundredths: 1350 },
  { id: 'runs-3', name: '3 Runs', oddsHundredths: 9500 },
  { id: 'runs-4', name: '4 Runs', oddsHundredths: 950 },
  { id: 'runs-6', name: '6 Runs', oddsHundredths: 1900, maxStakeMinor: points(20_000) },
  { id: 'boundary', name: 'Boundary', oddsHundredths: 630 },
  { id: 'wicket', name: 'Wicket', oddsHundredths: 2350 },
  { id: 'extra', name: 'Extra Runs', oddsHundredths: 3150 },
];

const MARKET_OF: Record<string, string> = { W: 'wicket', E: 'extra' };

/**
 * Ball-by-ball (docs/decisions/0152): one round per delivery. The ball is ⌊float × 10,000⌋ placed on
 * the cumulative chances above. Markets 0, 1, 2, 3, 4 and 6 Runs, Boundary (a 4 or a 6), Wicket and
 * Extra Runs; Min 50.00, Max 25K (20K on 6 Runs). Markets are SUSPENDED from the close until the next
 * delivery opens (while the ball is bowled).
 */
export const ballByBall: TableGame = {
  id: 'ball-by-ball',
  name: 'Ball by Ball',
  category: 'Sports',
  minStakeMinor: points(50),
  maxStakeMinor: points(25_000),
  markets: MARKETS,
  timings: { bettingMs: 10_000, closedMs: 1_000, dealingMs: 3_000, resultMs: 2_000, settledMs: 2_000 },
  deal(source): TableOutcome {
    let point = Math.floor(source.nextFloat() * 10_000);
    const delivery = DELIVERIES.find((candidate) => (point -= candidate.basisPoints) < 0)!;
    const market = MARKET_OF[delivery.code] ?? `runs-${delivery.code}`;
    const boundary = delivery.code === '4' || delivery.code === '6';
    return {
      hands: [],
      winner: delivery.label,
      winningMarkets: boundary ? [market, 'boundary'] : [market],
      refunds: {},
      ball: delivery.code,
    };
  },
};
