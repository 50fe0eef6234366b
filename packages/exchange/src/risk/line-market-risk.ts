import { err, ok, type Result } from '../result.ts';
import { settlementOf, type LineMarketResult, type Settlement } from '../settle/settlement-types.ts';
import { checkLineBet, lineExposureMinor, linePnlAt, MAX_LINE_VALUE, type LineBet } from './line-bets.ts';
import { commissionMinor, isValidBasisPoints } from './money.ts';
import type { ExposureChange } from './runner-market-risk.ts';

/** Bets one account may hold on one line market; exposure work is quadratic in this. */
export const MAX_LINE_BETS_PER_ACCOUNT = 500;

/** Per-account risk and settlement for one fancy / khado / odd-even line market. */
export class LineMarketRisk {
  private readonly betsByAccount = new Map<string, LineBet[]>();
  private settled = false;

  addBet(accountId: string, bet: LineBet): Result<ExposureChange> {
    if (this.settled) return err('ALREADY_SETTLED');
    const bad = checkLineBet(bet);
    if (bad !== null) return bad;
    const bets = this.betsByAccount.get(accountId) ?? [];
    if (bets.length >= MAX_LINE_BETS_PER_ACCOUNT) return err('BOOK_FULL');
    bets.push(bet);
    this.betsByAccount.set(accountId, bets);
    return ok({ accountId, exposureMinor: lineExposureMinor(bets) });
  }

  exposureMinor(accountId: string): bigint {
    return lineExposureMinor(this.betsByAccount.get(accountId) ?? []);
  }

  /** Extra hold needed before accepting `bet` (zero when it hedges the account's other bets). */
  holdIncreaseMinor(accountId: string, bet: LineBet): Result<bigint> {
    const bad = checkLineBet(bet);
    if (bad !== null) return bad;
    const bets = this.betsByAccount.get(accountId) ?? [];
    const increase = lineExposureMinor([...bets, bet]) - lineExposureMinor(bets);
    return ok(increase > 0n ? increase : 0n);
  }

  settle(result: LineMarketResult, commissionBasisPoints: number): Result<Settlement> {
    if (this.settled) return err('ALREADY_SETTLED');
    if (!isValidBasisPoints(commissionBasisPoints)) return err('INVALID_ARGUMENT');
    if (result.kind === 'FINAL_VALUE') {
      const value: unknown = result.value;
      if (!Number.isInteger(value) || result.value < 0 || result.value > 2 * MAX_LINE_VALUE) {
        return err('INVALID_RESULT');
      }
    } else if (result.kind !== 'VOID') return err('INVALID_RESULT');
    this.settled = true;
    const rows = [...this.betsByAccount].map(([accountId, bets]) => {
      const grossPnlMinor = result.kind === 'VOID' ? 0n : linePnlAt(bets, result.value);
      const commission = commissionMinor(grossPnlMinor, commissionBasisPoints);
      return {
        accountId,
        grossPnlMinor,
        commissionMinor: commission,
        netPnlMinor: grossPnlMinor - commission,
        releasedHoldMinor: lineExposureMinor(bets),
      };
    });
    return ok(settlementOf(rows));
  }

  isSettled(): boolean {
    return this.settled;
  }
}
