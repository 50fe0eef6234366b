import { evaluateLine } from './slot-engine.ts';
import type { SlotTitle } from './slot-titles.ts';

/**
 * Exact return to player of a title as a fraction. Each payline sees, on every reel, a symbol uniformly
 * distributed over that reel's strip, and reels are independent, so every line has the same expected
 * pay; with the stake split evenly over the lines, RTP equals one line's expected pay in line bets.
 * Enumerates distinct-symbol combinations weighted by how often each symbol sits on each strip.
 */
export function exactRtp(title: SlotTitle): { readonly numerator: bigint; readonly denominator: bigint } {
  const perReel = title.reels.map((strip) => {
    const counts = new Map<string, number>();
    for (const symbol of strip) counts.set(symbol, (counts.get(symbol) ?? 0) + 1);
    return [...counts.entries()];
  });
  let numerator = 0n;
  const symbols: string[] = [];
  const walk = (reel: number, weight: bigint): void => {
    if (reel === perReel.length) {
      numerator += weight * BigInt(evaluateLine(title, symbols).lineBets);
      return;
    }
    for (const [symbol, count] of perReel[reel]!) {
      symbols[reel] = symbol;
      walk(reel + 1, weight * BigInt(count));
    }
  };
  walk(0, 1n);
  const denominator = title.reels.reduce((product, strip) => product * BigInt(strip.length), 1n);
  return { numerator, denominator };
}

/** RTP in parts per million, rounded down (960_123 = 96.0123 %). */
export function rtpPpm(title: SlotTitle): number {
  const { numerator, denominator } = exactRtp(title);
  return Number((numerator * 1_000_000n) / denominator);
}
