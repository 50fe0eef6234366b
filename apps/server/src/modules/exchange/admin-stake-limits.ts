import type { StakeLimitsBody } from '@backlay/contracts';
import { formatMinor } from '@backlay/ledger';
import type { Database } from '../../db/database.ts';
import { ok, reject, transactionResult, type Result } from '../../platform/rejections.ts';
import { recordAudit, type AuditActor } from '../audit/index.ts';
import { lockStakeLimits, saveStakeLimits } from '../sports/index.ts';
import { betError } from './errors.ts';
import { stakeLimitsFrom } from './stake-limits.ts';

/**
 * `PATCH /api/admin/markets/:id`: the operator's new stake limits on a live market's row (the unit takes
 * them at its next sync). The row is locked while the pair is checked, so two changes at once cannot
 * leave a minimum above the maximum.
 */
export function changeStakeLimits(
  db: Database,
  marketId: string,
  input: StakeLimitsBody,
  actor: AuditActor,
): Promise<Result<null>> {
  if (input.minStake === undefined && input.maxStake === undefined)
    return Promise.resolve(reject('invalid', 'INVALID_STAKE_LIMITS', 'Send minStake, maxStake or both.'));
  return transactionResult(db, async (tx) => {
    const row = await lockStakeLimits(tx, marketId);
    if (!row) return betError('UNKNOWN_MARKET');
    if (row.status !== 'OPEN' && row.status !== 'SUSPENDED')
      return betError('MARKET_CLOSED', 'Only an open or suspended market takes new stake limits.');
    const limits = stakeLimitsFrom(input, {
      minStakeMinor: BigInt(row.min_stake_minor),
      maxStakeMinor: BigInt(row.max_stake_minor),
    });
    if (!limits.ok) return limits;
    await saveStakeLimits(tx, marketId, limits.value);
    await recordAudit(tx, actor, {
      action: 'market stake limits',
      target: `market:${marketId}`,
      before: {
        minStake: formatMinor(BigInt(row.min_stake_minor)),
        maxStake: formatMinor(BigInt(row.max_stake_minor)),
      },
      after: {
        minStake: formatMinor(limits.value.minStakeMinor),
        maxStake: formatMinor(limits.value.maxStakeMinor),
      },
    });
    return ok(null);
  });
}
