import { err, type Err } from '../result.ts';
import { checkStakeMinor } from '../validate.ts';

/**
 * House-priced bets on a line's final value (runs in an over, a session, a player's score), as
 * Indian exchanges offer them. `rate` is the percentage paid or risked against the stake:
 * - YES at line L: wins stake x rate/100 if the final value is >= L, else loses the stake.
 * - NO at line L: wins the stake if the final value is < L, else loses stake x rate/100.
 * - UNDER at line L: wins stake x rate/100 if the final value is < L, else loses the stake (NO as a back bet).
 * - KHADO at L with rangeRuns R: wins stake x rate/100 if L <= value < L + R, else loses the stake.
 * - ODD / EVEN: wins stake x rate/100 if the final value has that parity, else loses the stake.
 */
export type LineBetKind = 'YES' | 'NO' | 'UNDER' | 'KHADO' | 'ODD' | 'EVEN';

export interface LineBet {
  readonly kind: LineBetKind;
  readonly line: number;
  readonly rangeRuns?: number;
  readonly stakeMinor: bigint;
  readonly rate: number;
}

export const MAX_LINE_VALUE = 100_000;
export const MAX_LINE_RATE = 100_000;

export function checkLineBet(bet: LineBet): Err | null {
  if (!['YES', 'NO', 'UNDER', 'KHADO', 'ODD', 'EVEN'].includes(bet.kind)) return err('INVALID_ARGUMENT');
  if (!Number.isInteger(bet.line) || bet.line < 0 || bet.line > MAX_LINE_VALUE) return err('INVALID_LINE');
  if (bet.kind === 'KHADO') {
    const range: unknown = bet.rangeRuns;
    if (!Number.isInteger(range) || (range as number) < 1 || (range as number) > MAX_LINE_VALUE) {
      return err('INVALID_LINE');
    }
  }
  if (!Number.isInteger(bet.rate) || bet.rate < 1 || bet.rate > MAX_LINE_RATE) return err('INVALID_RATE');
  return checkStakeMinor(bet.stakeMinor);
}

function rateAmountMinor(bet: LineBet): bigint {
  return (bet.stakeMinor * BigInt(bet.rate)) / 100n;
}

export function lineBetPnlMinor(bet: LineBet, finalValue: number): bigint {
  switch (bet.kind) {
    case 'YES':
      return finalValue >= bet.line ? rateAmountMinor(bet) : -bet.stakeMinor;
    case 'NO':
      return finalValue < bet.line ? bet.stakeMinor : -rateAmountMinor(bet);
    case 'UNDER':
      return finalValue < bet.line ? rateAmountMinor(bet) : -bet.stakeMinor;
    case 'KHADO': {
      const inRange = finalValue >= bet.line && finalValue < bet.line + (bet.rangeRuns ?? 1);
      return inRange ? rateAmountMinor(bet) : -bet.stakeMinor;
    }
    case 'ODD':
    case 'EVEN':
      return (finalValue % 2 === 1) === (bet.kind === 'ODD') ? rateAmountMinor(bet) : -bet.stakeMinor;
  }
}

/**
 * Final values worth checking: P&L only changes at a line or a khado range end, and parity bets
 * alternate, so each breakpoint and the value after it cover every distinct outcome.
 */
export function candidateValues(bets: readonly LineBet[]): number[] {
  const values = new Set<number>([0, 1]);
  for (const bet of bets) {
    for (const breakpoint of [bet.line, bet.line + (bet.rangeRuns ?? 0)]) {
      values.add(breakpoint);
      values.add(breakpoint + 1);
    }
  }
  return [...values];
}

export function linePnlAt(bets: readonly LineBet[], finalValue: number): bigint {
  return bets.reduce((sum, bet) => sum + lineBetPnlMinor(bet, finalValue), 0n);
}

/** Worst loss over every possible final value of the line (zero if none loses). */
export function lineExposureMinor(bets: readonly LineBet[]): bigint {
  let worst = 0n;
  for (const value of candidateValues(bets)) {
    const pnl = linePnlAt(bets, value);
    if (pnl < worst) worst = pnl;
  }
  return -worst;
}
