import { formatMinor } from '@backlay/ledger';
import type { Sql } from '../../db/database.ts';
import { reject, type Rejection } from '../../platform/rejections.ts';
import { periodBounds } from './limit-periods.ts';
import { lockCash } from '../wallet/index.ts';
import { readMoneyLimits, usedSince } from './limits-repo.ts';

const PERIOD_WORDS = { day: 'daily', week: 'weekly', month: 'monthly' } as const;

/**
 * Whether the cash desk may credit `amountMinor` to the player now (docs/decisions/0235): not when it
 * would take the deposits of a day, week or month past a deposit limit the player set. Run inside the
 * deposit's transaction: it locks the player's cash row first, so two deposits are judged one after
 * the other, each seeing the other's credit.
 */
export async function depositRefusal(
  tx: Sql,
  playerId: string,
  amountMinor: bigint,
  nowMs: number,
  timeZone: string,
): Promise<Rejection | null> {
  const limits = (await readMoneyLimits(tx, playerId)).filter((limit) => limit.kind === 'deposit');
  if (limits.length === 0) return null;
  await lockCash(tx, playerId);
  for (const { period, state } of limits) {
    if (state.value === null) continue;
    const { startMs, endMs } = periodBounds(period, nowMs, timeZone);
    const used = await usedSince(tx, playerId, 'deposit', startMs);
    if (used + amountMinor > state.value) {
      const left = state.value > used ? state.value - used : 0n;
      return reject(
        'unprocessable',
        'DEPOSIT_LIMIT_REACHED',
        `This deposit would pass the player's ${PERIOD_WORDS[period]} deposit limit of ${formatMinor(state.value)}: ` +
          `${formatMinor(left)} more may be deposited until ${new Date(endMs).toISOString()}.`,
      );
    }
  }
  return null;
}
