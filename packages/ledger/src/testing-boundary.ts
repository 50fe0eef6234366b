/**
 * Workload steps aimed at the edges of the funds check: amounts computed from the ledger right before
 * the request is sent (exactly what the player can spend, one minor unit either side, far beyond it)
 * and the fixed edges 0, 1 and the largest amount. A random amount almost never lands on a balance,
 * so without these an overdraft guard that is off by one, or missing, goes unnoticed.
 */
import fc from 'fast-check';
import { SYSTEM_ACCOUNT_IDS, playerCashAccountId } from './accounts.ts';
import type { LedgerState } from './invariants.ts';
import { MAX_LEDGER_AMOUNT_MINOR } from './money.ts';
import type { Hold, LedgerRequest, Transfer } from './types.ts';

/** What a boundary step reads of the ledger just before it is sent (the reference ledger's state). */
export type LedgerView = Pick<LedgerState, 'balancesMinor' | 'holds' | 'transfers'>;

/** `available + relativeMinor`, or a fixed amount whatever the balance. */
export type BoundaryAmount = { readonly relativeMinor: bigint } | { readonly fixedMinor: bigint };

export type BoundaryShape = 'withdraw' | 'payPlayer' | 'reserve' | 'resize' | 'post' | 'reverse';

export type BoundaryCommand = {
  readonly type: 'boundary';
  readonly shape: BoundaryShape;
  /** Chooses the player, hold, transfer or system account the step is about. */
  readonly pick: number;
  readonly amount: BoundaryAmount;
  readonly idempotencyKey: string;
};

const SYSTEM_IDS = Object.values(SYSTEM_ACCOUNT_IDS);

const boundaryAmountArb: fc.Arbitrary<BoundaryAmount> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(-1n, 0n, 1n).map((relativeMinor) => ({ relativeMinor })) },
  { weight: 2, arbitrary: fc.bigInt({ min: 2n, max: 5_000n }).map((relativeMinor) => ({ relativeMinor })) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(0n, 1n, MAX_LEDGER_AMOUNT_MINOR).map((fixedMinor) => ({ fixedMinor })),
  },
);

export const boundaryCommandArb: fc.Arbitrary<BoundaryCommand> = fc.record({
  type: fc.constant('boundary' as const),
  shape: fc.constantFrom<BoundaryShape>(
    'withdraw',
    'withdraw',
    'payPlayer',
    'reserve',
    'resize',
    'post',
    'reverse',
  ),
  pick: fc.nat(),
  amount: boundaryAmountArb,
  // Keys of their own, almost never reused, so that the step is judged rather than replayed.
  idempotencyKey: fc.integer({ min: 0, max: 99_999 }).map((n) => `edge-${n}`),
});

const sized = (amount: BoundaryAmount, baseMinor: bigint): bigint =>
  'fixedMinor' in amount ? amount.fixedMinor : baseMinor + amount.relativeMinor;

/** The players the ledger has, by their cash accounts, in a fixed order. */
const cashAccounts = (view: LedgerView): string[] =>
  [...view.balancesMinor.keys()].filter((id) => id.startsWith('cash:')).sort();

const pendingHolds = (view: LedgerView): Hold[] =>
  [...view.holds.values()]
    .filter((hold) => hold.state === 'PENDING')
    .sort((a, b) => (a.holdId < b.holdId ? -1 : 1));

/** Turns a boundary step into a request against the ledger as it is now; null when it does not apply. */
export function boundaryRequest(command: BoundaryCommand, view: LedgerView): LedgerRequest | null {
  const { pick, amount, idempotencyKey } = command;
  const cash = cashAccounts(view);
  const balanceOf = (accountId: string) => view.balancesMinor.get(accountId) ?? 0n;
  const payer = cash[pick % Math.max(cash.length, 1)];
  const base = { idempotencyKey, remark: 'edge', reference: '' };
  switch (command.shape) {
    case 'withdraw':
    case 'payPlayer': {
      if (!payer) return null;
      const payee =
        command.shape === 'withdraw'
          ? (SYSTEM_IDS[pick % SYSTEM_IDS.length] ?? SYSTEM_ACCOUNT_IDS.HOUSE)
          : (cash[(pick + 1) % cash.length] ?? payer);
      const amountMinor = sized(amount, balanceOf(payer));
      const kind = command.shape === 'withdraw' ? 'WITHDRAW' : 'BET_WIN';
      return { ...base, op: 'transfer', debitAccountId: payer, creditAccountId: payee, amountMinor, kind };
    }
    case 'reserve': {
      if (!payer) return null;
      const playerId = payer.slice('cash:'.length);
      const holdId = `edge-hold-${pick % 1_000}`;
      return { ...base, op: 'reserveHold', holdId, playerId, amountMinor: sized(amount, balanceOf(payer)) };
    }
    case 'resize':
    case 'post':
      return holdRequest(command, pendingHolds(view), balanceOf);
    case 'reverse':
      return reverseRequest(command, view.transfers, balanceOf);
  }
}

/** Resize grows a hold by what the player can spend (±); post settles what is held (±). */
function holdRequest(
  command: BoundaryCommand,
  pending: readonly Hold[],
  balanceOf: (accountId: string) => bigint,
): LedgerRequest | null {
  const hold = pending[command.pick % Math.max(pending.length, 1)];
  if (!hold) return null;
  const { idempotencyKey, amount, pick } = command;
  if (command.shape === 'resize') {
    const spendableMinor = hold.heldMinor + balanceOf(playerCashAccountId(hold.playerId));
    return {
      op: 'resizeHold',
      idempotencyKey,
      holdId: hold.holdId,
      amountMinor: sized(amount, spendableMinor),
      remark: 'edge',
    };
  }
  return {
    op: 'postHold',
    idempotencyKey,
    holdId: hold.holdId,
    amountMinor: sized(amount, hold.heldMinor),
    destinationAccountId: SYSTEM_IDS[pick % SYSTEM_IDS.length] ?? SYSTEM_ACCOUNT_IDS.HOUSE,
    remark: 'edge',
  };
}

/** Reverses a credit to a player, preferably one the player has since spent (the reversal overdraws). */
function reverseRequest(
  command: BoundaryCommand,
  transfers: readonly Transfer[],
  balanceOf: (accountId: string) => bigint,
): LedgerRequest | null {
  const credits = transfers.filter(
    (t) => t.creditAccountId.startsWith('cash:') && t.holdId === null && t.reversesTransferId === null,
  );
  const spent = credits.filter((t) => t.amountMinor > balanceOf(t.creditAccountId));
  const candidates = spent.length > 0 && command.pick % 4 !== 0 ? spent : credits;
  const original = candidates[command.pick % Math.max(candidates.length, 1)];
  if (!original) return null;
  return { op: 'reverse', idempotencyKey: command.idempotencyKey, transferId: original.id, remark: 'edge' };
}
