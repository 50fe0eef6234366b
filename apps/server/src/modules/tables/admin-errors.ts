import type { AdminTableErrorCode } from '@backlay/contracts';
import { rejectionsFrom, type RejectionTable } from '../../platform/rejections.ts';

const ERRORS: RejectionTable<AdminTableErrorCode> = {
  ROUND_SETTLED: { kind: 'conflict', message: 'This round is already settled; it can no longer be voided.' },
  ROUND_ALREADY_VOID: { kind: 'conflict', message: 'This round is already void.' },
};

/** The live games console's refusals (docs/decisions/0244). */
export const adminTableError = rejectionsFrom(ERRORS);
