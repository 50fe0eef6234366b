import { minorToNumber } from '@backlay/ledger';
import type { Database } from '../../../db/database.ts';
import type { Env } from '../../../env.ts';
import { findUserById } from '../../auth/index.ts';
import type { WalletService } from '../../wallet/index.ts';
import { ApiNgError, type ApiNgOperations } from '../api-ng/operation.ts';
import { accountIdOfPlayer } from '../ids.ts';

/** The portal's one currency, as the casino protocol names it (docs/decisions/0140). */
export const ACCOUNT_CURRENCY = 'PTS';

export type AccountDeps = {
  db: Database;
  wallet: Pick<WalletService, 'balances'>;
  env: Pick<Env, 'TIME_ZONE'>;
};

/** Betfair's name for the main wallet; the portal has one. */
const WALLET = 'UK';

/**
 * `getAccountFunds` and `getAccountDetails` (docs/decisions/0255). Amounts are JSON numbers in major
 * units, each made from its integer minor units through the decimal string (minorToNumber): no
 * arithmetic on floats. Betfair writes exposure as a negative amount; the exposure limit is what the
 * player could lose at most, all their money (available plus held).
 */
export function accountOperations(deps: AccountDeps): ApiNgOperations {
  return {
    async getAccountFunds(caller) {
      const balances = await deps.wallet.balances(caller.playerId);
      const cashMinor = balances?.cashMinor ?? 0n;
      const heldMinor = balances?.exposureMinor ?? 0n;
      return {
        availableToBetBalance: minorToNumber(cashMinor),
        exposure: minorToNumber(-heldMinor),
        retainedCommission: 0,
        exposureLimit: minorToNumber(-(cashMinor + heldMinor)),
        discountRate: 0,
        pointsBalance: 0,
        wallet: WALLET,
      };
    },

    async getAccountDetails(caller) {
      const user = await findUserById(deps.db, caller.playerId);
      if (!user) throw new ApiNgError('INVALID_SESSION_INFORMATION', 'The account is gone.');
      const [firstName = '', ...rest] = user.name.trim().split(/\s+/);
      return {
        // Betfair leaves it out; the client keeps unknown keys, and a stream's accountIds names it.
        accountId: accountIdOfPlayer(caller.playerId),
        currencyCode: ACCOUNT_CURRENCY,
        firstName,
        lastName: rest.join(' '),
        localeCode: 'en',
        timezone: deps.env.TIME_ZONE,
        discountRate: 0,
        pointsBalance: 0,
      };
    },
  };
}
