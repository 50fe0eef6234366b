import { describe, expect, it } from 'vitest';
import type { LedgerRequest } from '@backlay/ledger';
import { betReversal, betTransfer, winTransfer } from './wallet-ledger.ts';
import type { BatchState, Decision, RowDraft } from './wallet-decide.ts';
import { foreseePass } from './wallet-foresee.ts';

const PLAYER = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';

const stateWithCash = (cash: Record<string, bigint>): BatchState => ({
  now: 0,
  sessions: new Map(),
  stored: new Map(),
  bets: new Map(),
  cash: new Map(Object.entries(cash)),
});

const move = (playerId: string, transactionId: string, amountMinor: bigint) => ({
  playerId,
  gameId: '22001',
  roundId: 'r-1',
  transactionId,
  amountMinor,
});

const accept = (playerId: string, ledger: LedgerRequest | undefined): Decision => ({
  type: 'accept',
  playerId,
  row: {} as RowDraft,
  ledger,
});

describe('foreseeing a pass of the casino wallet', () => {
  it('applies each accepted transfer in order to its player’s cash as read', () => {
    const decisions: Decision[] = [
      accept(PLAYER, betTransfer(move(PLAYER, 'b1', 300n))),
      { type: 'answer', answer: { status: 'RS_ERROR_INVALID_TOKEN', balance: '0.00', currency: 'PTS' } },
      accept(OTHER, betTransfer(move(OTHER, 'b2', 100n))),
      accept(PLAYER, winTransfer(move(PLAYER, 'w1', 50n))),
      accept(PLAYER, undefined),
    ];
    const foreseen = foreseePass(stateWithCash({ [PLAYER]: 1_000n, [OTHER]: 100n }), decisions);
    expect(
      foreseen?.map(({ at, playerId, deltaMinor, cashAfterMinor }) => [
        at,
        playerId,
        deltaMinor,
        cashAfterMinor,
      ]),
    ).toEqual([
      [0, PLAYER, -300n, 700n],
      [2, OTHER, -100n, 0n],
      [3, PLAYER, 50n, 750n],
    ]);
  });

  it('cannot foresee a bet the ledger would refuse for funds', () => {
    const decisions = [accept(PLAYER, betTransfer(move(PLAYER, 'b1', 1_001n)))];
    expect(foreseePass(stateWithCash({ [PLAYER]: 1_000n }), decisions)).toBeNull();
  });

  it('cannot foresee a reversal, a deferred callback or a player whose cash it did not read', () => {
    const reversal = betReversal({ transactionId: 'rb', betTransferId: 7, gameId: '22001', roundId: 'r-1' });
    const cash = stateWithCash({ [PLAYER]: 1_000n });
    expect(foreseePass(cash, [accept(PLAYER, reversal)])).toBeNull();
    expect(foreseePass(cash, [{ type: 'defer' }])).toBeNull();
    expect(foreseePass(cash, [accept(OTHER, winTransfer(move(OTHER, 'w', 5n)))])).toBeNull();
  });
});
