import type { MarketDef } from '@backlay/feed';

/** Limits a new market gets from the feed; an operator may change them per market later. */
export type MarketTerms = {
  betDelaySec: number;
  minStakeMinor: bigint;
  maxStakeMinor: bigint;
  commissionPercent: number;
};

// Exchange markets: 100.00 to 5,00,000.00 as on Indian exchanges, 5 s in-play delay, 2% commission on
// net winnings. House markets carry their margin in the price, so no commission, and tighter limits.
const EXCHANGE: MarketTerms = {
  betDelaySec: 5,
  minStakeMinor: 10_000n,
  maxStakeMinor: 50_000_000n,
  commissionPercent: 2,
};
const HOUSE: MarketTerms = {
  betDelaySec: 3,
  minStakeMinor: 10_000n,
  maxStakeMinor: 10_000_000n,
  commissionPercent: 0,
};

export const termsFor = (market: Pick<MarketDef, 'pricing'>): MarketTerms =>
  market.pricing === 'EXCHANGE' ? EXCHANGE : HOUSE;
