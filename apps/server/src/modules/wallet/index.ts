/**
 * The wallet module's face: the money service, its balance socket and how ledger rejections read.
 * Other modules and the platform reach the wallet only through this file (docs/decisions/0071).
 */
export {
  WalletService,
  balanceTopic,
  depositRequest,
  withdrawRequest,
  DEMO_CREDIT_MINOR,
  holdItemsJson,
  type SetHoldsAnswer,
  type BalanceEvent,
  type CashDeskInput,
  type CashDeskOutcome,
  type HoldTargetItem,
} from './wallet-service.ts';
export { balanceSocketRoutes, SOCKET_ERRORS, type BalanceSocketDeps } from './balance-socket.ts';
export { ledgerRejection } from './ledger-rejections.ts';
export { auditLedger, readPlayerBalances } from './state.ts';
export type { LedgerCall, LedgerCallRow } from './sql-ledger.ts';
export { walletTables } from './shared-tables.ts';
export {
  allowOverdrafts,
  closeOverdrafts,
  lockPlayersCash,
  readPendingHolds,
  readStandingTransfers,
  type StandingTransfer,
} from './corrections.ts';
export { readStatement, type StatementFilter } from './statement-repo.ts';
export {
  depositsSince,
  heldExposureMinor,
  isPostedOperation,
  lockCash,
  netLossSince,
  saveLossFloor,
} from './player-money.ts';
export { readChipStatement } from './chip-statement-repo.ts';
export { lockAgentPl, openAgentPlAccount } from './agent-pl.ts';
