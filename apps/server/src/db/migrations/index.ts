import { sql as auth } from './001-auth.ts';
import { sql as ledger } from './002-ledger.ts';
import { sql as ledgerFunctions } from './003-ledger-functions.ts';
import { sql as settings } from './004-settings.ts';
import { sql as loginThrottle } from './005-login-throttle.ts';
import { sql as unitLeases } from './006-unit-leases.ts';
import { sql as sports } from './007-sports.ts';
import { sql as exchange } from './008-exchange.ts';
import { sql as casino } from './009-casino.ts';
import { sql as tables } from './010-tables.ts';
import { sql as betFillfactor } from './011-bet-fillfactor.ts';
import { sql as casinoFillfactor } from './012-casino-fillfactor.ts';
import { sql as transferCheckAfterFit } from './013-transfer-check-after-batch-fit.ts';
import { sql as reversalIndexWithoutNulls } from './014-reversal-index-without-nulls.ts';
import { sql as playerProtection } from './015-player-protection.ts';
import { sql as playerLimits } from './016-player-limits.ts';
import { sql as staffAndAudit } from './017-staff-and-audit.ts';
import { sql as betsByTime } from './018-bets-by-time.ts';
import { sql as betLock } from './019-bet-lock.ts';
import { sql as playerMaxStake } from './020-player-max-stake.ts';
import { sql as signInHistory } from './021-sign-in-history.ts';
import { sql as tablePauses } from './022-table-pauses.ts';
import { sql as casinoBackOffice } from './023-casino-back-office.ts';
import { sql as betsByMarket } from './024-bets-by-market.ts';
import { sql as resettleOverdraft } from './025-resettle-overdraft.ts';
import { sql as betFillVoids } from './026-bet-fill-voids.ts';
import { sql as casinoRefusals } from './027-casino-refusals.ts';
import { sql as appKeys } from './028-app-keys.ts';
import { sql as betfairIds } from './029-betfair-ids.ts';
import { sql as betfairOrders } from './030-betfair-orders.ts';
import { sql as marketDefinitionVersion } from './031-market-definition-version.ts';
import { sql as feedCursor } from './032-feed-cursor.ts';
import { sql as feeds } from './033-feeds.ts';
import { sql as marketMirrors } from './034-market-mirrors.ts';
import { sql as nonRunners } from './035-non-runners.ts';
import { sql as cricketScores } from './036-cricket-scores.ts';
import { sql as feedMarketCaches } from './037-feed-market-caches.ts';
import { sql as agents } from './038-agents.ts';
import { sql as agentShares } from './039-agent-shares.ts';
import { sql as agentMarketLocks } from './040-agent-market-locks.ts';
import { sql as agentPlMarketsByMarket } from './041-agent-pl-markets-by-market.ts';
import { sql as roundShareCursors } from './042-round-share-cursors.ts';
import { sql as agentEventLocksAndSportStakes } from './043-agent-event-locks-and-sport-stakes.ts';
import { sql as unitInstances } from './044-unit-instances.ts';
import { sql as agentPlAboveShares } from './045-agent-pl-above-shares.ts';
import { sql as agentPlDailyCovering } from './046-agent-pl-daily-covering.ts';

/** Ordered, append-only. A released migration is never edited; add a new one instead. */
export const migrations: ReadonlyArray<{ id: string; sql: string }> = [
  { id: '001-auth', sql: auth },
  { id: '002-ledger', sql: ledger },
  { id: '003-ledger-functions', sql: ledgerFunctions },
  { id: '004-settings', sql: settings },
  { id: '005-login-throttle', sql: loginThrottle },
  { id: '006-unit-leases', sql: unitLeases },
  { id: '007-sports', sql: sports },
  { id: '008-exchange', sql: exchange },
  { id: '009-casino', sql: casino },
  { id: '010-tables', sql: tables },
  { id: '011-bet-fillfactor', sql: betFillfactor },
  { id: '012-casino-fillfactor', sql: casinoFillfactor },
  { id: '013-transfer-check-after-batch-fit', sql: transferCheckAfterFit },
  { id: '014-reversal-index-without-nulls', sql: reversalIndexWithoutNulls },
  { id: '015-player-protection', sql: playerProtection },
  { id: '016-player-limits', sql: playerLimits },
  { id: '017-staff-and-audit', sql: staffAndAudit },
  { id: '018-bets-by-time', sql: betsByTime },
  { id: '019-bet-lock', sql: betLock },
  { id: '020-player-max-stake', sql: playerMaxStake },
  { id: '021-sign-in-history', sql: signInHistory },
  { id: '022-table-pauses', sql: tablePauses },
  { id: '023-casino-back-office', sql: casinoBackOffice },
  { id: '024-bets-by-market', sql: betsByMarket },
  { id: '025-resettle-overdraft', sql: resettleOverdraft },
  { id: '026-bet-fill-voids', sql: betFillVoids },
  { id: '027-casino-refusals', sql: casinoRefusals },
  { id: '028-app-keys', sql: appKeys },
  { id: '029-betfair-ids', sql: betfairIds },
  { id: '030-betfair-orders', sql: betfairOrders },
  { id: '031-market-definition-version', sql: marketDefinitionVersion },
  { id: '032-feed-cursor', sql: feedCursor },
  { id: '033-feeds', sql: feeds },
  { id: '034-market-mirrors', sql: marketMirrors },
  { id: '035-non-runners', sql: nonRunners },
  { id: '036-cricket-scores', sql: cricketScores },
  { id: '037-feed-market-caches', sql: feedMarketCaches },
  { id: '038-agents', sql: agents },
  { id: '039-agent-shares', sql: agentShares },
  { id: '040-agent-market-locks', sql: agentMarketLocks },
  { id: '041-agent-pl-markets-by-market', sql: agentPlMarketsByMarket },
  { id: '042-round-share-cursors', sql: roundShareCursors },
  { id: '043-agent-event-locks-and-sport-stakes', sql: agentEventLocksAndSportStakes },
  { id: '044-unit-instances', sql: unitInstances },
  { id: '045-agent-pl-above-shares', sql: agentPlAboveShares },
  { id: '046-agent-pl-daily-covering', sql: agentPlDailyCovering },
];
