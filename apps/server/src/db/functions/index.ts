import type { SqlFunction } from './apply.ts';
import { casinoWalletFunctions } from './casino-wallet.ts';
import { exchangeBatchFunctions } from './exchange-batch.ts';
import { ledgerAuditFunctions } from './ledger-audit.ts';
import { ledgerGuardFunctions } from './ledger-guards.ts';
import { ledgerHoldsBulkFunctions } from './ledger-holds-bulk.ts';
import { ledgerPostingFunctions } from './ledger-posting.ts';
import { ledgerTransferFunctions } from './ledger-transfer.ts';
import { ledgerTransfersBatchFunctions } from './ledger-transfers-batch.ts';

export type { SqlFunction } from './apply.ts';

/**
 * Every SQL function the server owns. Migrations create tables and triggers and never change once
 * released; these definitions are applied after them on every start (docs/decisions/0060), so editing
 * a function here is how its body changes, on new and old databases alike. They run after the
 * migrations, so a migration must not call a function that only exists here.
 */
export const sqlFunctions: readonly SqlFunction[] = [
  ...ledgerGuardFunctions,
  ...ledgerPostingFunctions,
  ...ledgerTransferFunctions,
  ...ledgerTransfersBatchFunctions,
  ...ledgerAuditFunctions,
  ...ledgerHoldsBulkFunctions,
  // After ledger_set_holds, which it calls.
  ...exchangeBatchFunctions,
  ...casinoWalletFunctions,
];
