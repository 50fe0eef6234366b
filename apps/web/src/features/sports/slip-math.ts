import { formatMinor, parseAmountMinor } from '@backlay/ledger';
import type { BetSide } from '@backlay/contracts';
import { profitMinor, unmatchedLiabilityMinor } from '@backlay/exchange';
import { hundredthsOf } from './odds.ts';

/** Stakes above this are refused while typing; no market takes more than its maximum anyway. */
const MAX_STAKE_INPUT_MINOR = 100_000_000_000n;

export type StakeCheck =
  | { ok: true; stakeMinor: bigint }
  | { ok: false; reason: 'EMPTY' | 'NOT_A_NUMBER' | 'TOO_SMALL' | 'TOO_LARGE' };

/** Reads the stake field against the market's limits (decimal strings such as "100.00"). */
export function checkStake(text: string, minStake: string | null, maxStake: string | null): StakeCheck {
  if (text.trim() === '') return { ok: false, reason: 'EMPTY' };
  const parsed = parseAmountMinor(text, { maxMinor: MAX_STAKE_INPUT_MINOR });
  if (!parsed.ok) return { ok: false, reason: parsed.code === 'ABOVE_LIMIT' ? 'TOO_LARGE' : 'NOT_A_NUMBER' };
  const min = minStake === null ? null : parseAmountMinor(minStake, { maxMinor: MAX_STAKE_INPUT_MINOR });
  const max = maxStake === null ? null : parseAmountMinor(maxStake, { maxMinor: MAX_STAKE_INPUT_MINOR });
  if (min?.ok && parsed.amountMinor < min.amountMinor) return { ok: false, reason: 'TOO_SMALL' };
  if (max?.ok && parsed.amountMinor > max.amountMinor) return { ok: false, reason: 'TOO_LARGE' };
  return { ok: true, stakeMinor: parsed.amountMinor };
}

export interface SlipOutcome {
  /** What the bet wins if it wins in full, before commission. */
  profit: string;
  /** What the bet can lose: the stake for a back, stake × (odds − 1) for a lay. */
  liability: string;
}

/**
 * Profit and liability as the exchange computes them in integers: a back's winnings rounded down to
 * the minor unit, a lay's liability rounded up (the hold an unmatched lay takes).
 */
export function slipOutcome(side: BetSide, stakeMinor: bigint, oddsText: string): SlipOutcome | null {
  const hundredths = hundredthsOf(oddsText);
  if (hundredths === null || stakeMinor <= 0n) return null;
  if (side === 'BACK') {
    return { profit: formatMinor(profitMinor(stakeMinor, hundredths)), liability: formatMinor(stakeMinor) };
  }
  return {
    profit: formatMinor(stakeMinor),
    liability: formatMinor(unmatchedLiabilityMinor(stakeMinor, hundredths)),
  };
}

/**
 * The player's reference for one placement: sent again unchanged when the same bet is retried, so a
 * repeated request never places a second bet. `crypto.randomUUID` needs a secure context; random
 * bytes work on any page.
 */
export function newClientRef(random: (bytes: Uint8Array) => Uint8Array = (b) => crypto.getRandomValues(b)) {
  const bytes = random(new Uint8Array(16));
  return `slip-${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}
