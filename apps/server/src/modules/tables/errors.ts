import type { TableErrorCode } from '@backlay/contracts';
import { rejectionsFrom, type RejectionTable } from '../../platform/rejections.ts';
import { ADMISSION_REJECTIONS } from '../admission/index.ts';

const ERRORS: RejectionTable<TableErrorCode> = {
  UNKNOWN_TABLE: { kind: 'not_found', message: 'There is no such table.' },
  UNKNOWN_ROUND: { kind: 'not_found', message: 'There is no such round at this table.' },
  UNKNOWN_MARKET: { kind: 'not_found', message: 'There is no such market at this table.' },
  BETTING_CLOSED: { kind: 'conflict', message: 'Betting on this round has closed.' },
  TABLE_PAUSED: { kind: 'conflict', message: 'This table is paused and takes no bets for now.' },
  STAKE_TOO_SMALL: { kind: 'unprocessable', message: 'The stake is below the minimum for this market.' },
  STAKE_TOO_LARGE: { kind: 'unprocessable', message: 'The stake is above the maximum for this market.' },
  ...ADMISSION_REJECTIONS,
  IDEMPOTENCY_CONFLICT: { kind: 'conflict', message: 'This clientRef was already used for a different bet.' },
  TOO_MANY_BETS: { kind: 'conflict', message: 'You already have two bets on this round.' },
  INVALID_AUTO_CASH_OUT: {
    kind: 'invalid',
    message: 'The auto cash-out must be between 1.01 and 1000000.00 with at most two decimals.',
  },
  BET_NOT_FOUND: { kind: 'not_found', message: 'There is no such bet.' },
  ROUND_NOT_STARTED: { kind: 'conflict', message: 'The round has not started yet.' },
  ALREADY_CASHED_OUT: { kind: 'conflict', message: 'This bet has already been cashed out.' },
  ROUND_CRASHED: { kind: 'conflict', message: 'Too late: the round has crashed.' },
  UNKNOWN_RESULT: { kind: 'not_found', message: 'There is no such round.' },
  BETS_UNAVAILABLE: { kind: 'unavailable', message: 'The bet could not be recorded; please try again.' },
  CASH_OUT_UNAVAILABLE: {
    kind: 'unavailable',
    message: 'The cash-out could not be recorded; the bet rides on. Please try again.',
  },
};

/** The tables' rejections, by the codes their clients know. */
export const tableError = rejectionsFrom(ERRORS);
