/** Result of a runner market: the winning runner(s), or void (every matched bet refunded). */
export type RunnerMarketResult =
  { readonly kind: 'WINNERS'; readonly runnerIndexes: readonly number[] } | { readonly kind: 'VOID' };

/** Result of a line (fancy / khado) market: the final value of the line, or void. */
export type LineMarketResult =
  { readonly kind: 'FINAL_VALUE'; readonly value: number } | { readonly kind: 'VOID' };

/**
 * What the ledger posts for one account: release the market hold, then move the net P&L
 * (after commission) between the account and its counterparties or the house.
 */
export interface SettlementRow {
  readonly accountId: string;
  /** Net P&L over all of the account's matched bets in the market, before commission. */
  readonly grossPnlMinor: bigint;
  /** Commission on net market winnings; zero on a net loss. */
  readonly commissionMinor: bigint;
  readonly netPnlMinor: bigint;
  /** The hold (exposure) the account carried on this market, now released. */
  readonly releasedHoldMinor: bigint;
}

export interface Settlement {
  readonly rows: SettlementRow[];
  readonly totalGrossPnlMinor: bigint;
  readonly totalCommissionMinor: bigint;
}

export function settlementOf(rows: SettlementRow[]): Settlement {
  let totalGrossPnlMinor = 0n;
  let totalCommissionMinor = 0n;
  for (const row of rows) {
    totalGrossPnlMinor += row.grossPnlMinor;
    totalCommissionMinor += row.commissionMinor;
  }
  return { rows, totalGrossPnlMinor, totalCommissionMinor };
}
