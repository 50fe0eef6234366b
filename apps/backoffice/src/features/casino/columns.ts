import type { AdminCasinoCallback, AdminCasinoRound, AdminCasinoSession } from '@backlay/contracts';
import { createElement } from 'react';
import type { Column } from '@backlay/front-kit/data-table';
import { formatDateTime } from '../../lib/format.ts';

export const SESSION_COLUMNS: readonly Column<AdminCasinoSession>[] = [
  { header: 'Started', text: (row) => formatDateTime(row.startedAt) },
  { header: 'Player', text: (row) => row.email ?? row.playerId },
  { header: 'Game', text: (row) => row.gameTitle ?? row.gameId },
  { header: 'Rounds', text: (row) => String(row.rounds), align: 'right' },
  { header: 'Staked', text: (row) => row.staked, align: 'right' },
  { header: 'Won', text: (row) => row.won, align: 'right' },
  { header: 'Last activity', text: (row) => formatDateTime(row.lastActivityAt) },
  { header: 'Session', text: (row) => row.id },
];

export const ROUND_COLUMNS: readonly Column<AdminCasinoRound>[] = [
  { header: 'Placed', text: (row) => formatDateTime(row.placedAt) },
  { header: 'Player', text: (row) => row.email ?? row.playerId },
  { header: 'Game', text: (row) => row.gameId },
  { header: 'Round', text: (row) => row.roundId },
  { header: 'Bet', text: (row) => row.bet, align: 'right' },
  { header: 'Won', text: (row) => row.won, align: 'right' },
  { header: 'Rolled back', text: (row) => row.rolledBack, align: 'right' },
  { header: 'State', text: (row) => row.state },
];

/** Whether the wallet took the callback; a refusal moved no money (docs/decisions/0254). */
export const answerOf = (row: AdminCasinoCallback) => (row.refused ? 'Refused' : 'Accepted');
const answerCell = (row: AdminCasinoCallback) =>
  row.refused ? createElement('span', { className: 'error-text' }, 'Refused') : 'Accepted';

export const CALLBACK_COLUMNS: readonly Column<AdminCasinoCallback>[] = [
  { header: 'At', text: (row) => formatDateTime(row.at) },
  { header: 'Kind', text: (row) => row.kind },
  { header: 'Player', text: (row) => row.email ?? row.playerId },
  { header: 'Game', text: (row) => row.gameId },
  { header: 'Round', text: (row) => row.roundId },
  { header: 'Amount', text: (row) => row.amount, align: 'right' },
  { header: 'Answer', text: answerOf, cell: answerCell },
  { header: 'Status', text: (row) => row.status },
  { header: 'Balance after', text: (row) => row.balanceAfter, align: 'right' },
  { header: 'Transaction', text: (row) => row.transactionId },
];
