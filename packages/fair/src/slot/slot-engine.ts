import { checkSeeds, OutcomeStream, type Seeds } from '../stream.ts';
import { err, ok, type Result } from '../result.ts';
import type { Hundredths } from '../multiplier.ts';
import { SLOT_TITLES, type SlotTitle } from './slot-titles.ts';

export const SLOT_REELS = 5;
export const SLOT_ROWS = 3;

export type LineWin = {
  /** Index into the title's paylines. */
  readonly line: number;
  readonly symbol: string;
  /** Matching reels counted from the left (3..5). */
  readonly count: number;
  /** Win in line bets (paytable units). */
  readonly lineBets: number;
};

export type SlotResult = {
  readonly title: string;
  /** Stop of each reel: floor(float × strip length), one float per reel in order. */
  readonly stops: readonly number[];
  /** Visible symbols, grid[reel][row], row 0 on top. */
  readonly grid: readonly string[];
  readonly wins: readonly LineWin[];
  /** Total win over the whole stake (stake split evenly over the paylines). */
  readonly multiplierHundredths: Hundredths;
};

/** Pay of one line of five symbols: the longest left-anchored run, wilds standing in for the run's symbol. */
export function evaluateLine(
  title: SlotTitle,
  symbols: readonly string[],
): { symbol: string; count: number; lineBets: number } {
  const wild = title.wild;
  let wildRun = 0;
  while (wildRun < symbols.length && symbols[wildRun] === wild) wildRun++;
  const base = wildRun < symbols.length ? symbols[wildRun]! : wild;
  let run = wildRun;
  while (run < symbols.length && (symbols[run] === base || symbols[run] === wild)) run++;
  const basePay = payOf(title, base, run);
  // A run of leading wilds may pay more as wilds than as the symbol that follows them.
  const wildPay = wildRun > 0 ? payOf(title, wild, wildRun) : 0;
  if (wildPay > basePay) return { symbol: wild, count: wildRun, lineBets: wildPay };
  return { symbol: base, count: run, lineBets: basePay };
}

function payOf(title: SlotTitle, symbol: string, count: number): number {
  if (count < 3) return 0;
  return title.paytable[symbol]?.[count - 3] ?? 0;
}

export function slotTitle(id: string): SlotTitle | undefined {
  return SLOT_TITLES.find((title) => title.id === id);
}

export function slot(seeds: Seeds, params: { readonly title: string }): Result<SlotResult> {
  const checked = checkSeeds(seeds);
  if (!checked.ok) return checked;
  const title = slotTitle(params.title);
  if (title === undefined) return err('INVALID_TITLE');
  const stream = new OutcomeStream(seeds);
  const stops = title.reels.map((strip) => Math.floor(stream.nextFloat() * strip.length));
  const grid = title.reels.map((strip, reel) => {
    let column = '';
    for (let row = 0; row < SLOT_ROWS; row++) column += strip[(stops[reel]! + row) % strip.length];
    return column;
  });
  const wins: LineWin[] = [];
  let totalLineBets = 0;
  title.paylines.forEach((rows, line) => {
    const symbols = rows.map((row, reel) => grid[reel]![row]!);
    const win = evaluateLine(title, symbols);
    if (win.lineBets > 0) {
      wins.push({ line, ...win });
      totalLineBets += win.lineBets;
    }
  });
  // Paylines count divides 100 for every title, so hundredths stay exact integers.
  const multiplierHundredths = (totalLineBets * 100) / title.paylines.length;
  return ok({ title: title.id, stops, grid, wins, multiplierHundredths });
}
