/**
 * Random ledger workloads for property tests, shared with the SQL adapter's tests so both run the same
 * kind of sequences (import from `@backlay/ledger/testing`; not part of the runtime entry point).
 */
import fc from 'fast-check';
import { SYSTEM_ACCOUNT_IDS, playerCashAccountId, playerHoldAccountId } from './accounts.ts';
import { MAX_LEDGER_AMOUNT_MINOR } from './money.ts';
import {
  boundaryCommandArb,
  boundaryRequest,
  type BoundaryCommand,
  type LedgerView,
} from './testing-boundary.ts';
import { PLAIN_TRANSFER_KINDS, type LedgerRequest, type PlainTransferKind } from './types.ts';

export type { BoundaryAmount, BoundaryCommand, BoundaryShape, LedgerView } from './testing-boundary.ts';

export const TEST_PLAYER_IDS = ['p1', 'p2', 'p3'] as const;

/** Every test player starts with 50.00 so that holds and withdrawals can succeed early on. */
export const TEST_SEED_MINOR = 5_000n;

/**
 * The requests that bring a fresh ledger to the workloads' starting point (after opening the
 * TEST_PLAYER_IDS): one deposit per player, under keys the workloads never use.
 */
export function seedRequests(): LedgerRequest[] {
  return TEST_PLAYER_IDS.map((playerId) => ({
    op: 'transfer',
    idempotencyKey: `seed-${playerId}`,
    debitAccountId: SYSTEM_ACCOUNT_IDS.OPERATOR_FUNDING,
    creditAccountId: playerCashAccountId(playerId),
    amountMinor: TEST_SEED_MINOR,
    kind: 'DEPOSIT',
    remark: 'opening credit',
    reference: '',
  }));
}

/** Workloads long enough for holds to be opened, resized and settled. */
export function ledgerCommandsArb(maxLength: number): fc.Arbitrary<LedgerCommand[]> {
  return fc.array(ledgerCommandArb, { minLength: 1, maxLength, size: 'max' });
}

/** Keys collide now and then by chance; replay commands reuse them on purpose. */
const keyArb = fc.integer({ min: 0, max: 149 }).map((n) => `k${n}`);
/** Few hold ids, so that resize/post/void usually find the hold a reserve opened. */
const holdIdArb = fc.integer({ min: 0, max: 5 }).map((n) => `h${n}`);
const playerIdArb = fc.constantFrom<string>(...TEST_PLAYER_IDS);
const remarkArb = fc.constantFrom('', 'cash desk', 'bet', 'settle');
const referenceArb = fc.constantFrom('', 'market-1', 'round-9');

const amountArb = fc.oneof(
  { weight: 12, arbitrary: fc.bigInt({ min: 1n, max: 3_000n }) },
  { weight: 1, arbitrary: fc.constantFrom(0n, -1n, MAX_LEDGER_AMOUNT_MINOR + 1n) },
);
const holdAmountArb = fc.oneof(
  { weight: 12, arbitrary: fc.bigInt({ min: 0n, max: 2_000n }) },
  { weight: 1, arbitrary: fc.constant(-5n) },
);

const accountIdArb = fc.oneof(
  { weight: 6, arbitrary: playerIdArb.map(playerCashAccountId) },
  { weight: 4, arbitrary: fc.constantFrom(...Object.values(SYSTEM_ACCOUNT_IDS)) },
  { weight: 1, arbitrary: playerIdArb.map(playerHoldAccountId) },
  { weight: 1, arbitrary: fc.constant('ghost') },
);

const depositArb = fc.record({
  op: fc.constant('transfer' as const),
  idempotencyKey: keyArb,
  debitAccountId: fc.constant(SYSTEM_ACCOUNT_IDS.OPERATOR_FUNDING),
  creditAccountId: playerIdArb.map(playerCashAccountId),
  amountMinor: fc.bigInt({ min: 1n, max: 20_000n }),
  kind: fc.constant<PlainTransferKind>('DEPOSIT'),
  remark: remarkArb,
  reference: referenceArb,
});

const transferArb = fc.record({
  op: fc.constant('transfer' as const),
  idempotencyKey: keyArb,
  debitAccountId: accountIdArb,
  creditAccountId: accountIdArb,
  amountMinor: amountArb,
  kind: fc.constantFrom<PlainTransferKind>(...PLAIN_TRANSFER_KINDS),
  remark: remarkArb,
  reference: referenceArb,
});

const holdArbs: [number, fc.Arbitrary<LedgerRequest>][] = [
  [
    3,
    fc.record({
      op: fc.constant('reserveHold' as const),
      idempotencyKey: keyArb,
      holdId: holdIdArb,
      playerId: fc.oneof(
        { weight: 8, arbitrary: playerIdArb },
        { weight: 1, arbitrary: fc.constant('ghost') },
      ),
      amountMinor: holdAmountArb,
      remark: remarkArb,
      reference: referenceArb,
    }),
  ],
  [
    3,
    fc.record({
      op: fc.constant('resizeHold' as const),
      idempotencyKey: keyArb,
      holdId: holdIdArb,
      amountMinor: holdAmountArb,
      remark: remarkArb,
    }),
  ],
  [
    2,
    fc.record({
      op: fc.constant('postHold' as const),
      idempotencyKey: keyArb,
      holdId: holdIdArb,
      amountMinor: holdAmountArb,
      destinationAccountId: accountIdArb,
      remark: remarkArb,
    }),
  ],
  [
    1,
    fc.record({
      op: fc.constant('voidHold' as const),
      idempotencyKey: keyArb,
      holdId: holdIdArb,
      remark: remarkArb,
    }),
  ],
];

const reverseArb = fc.record({
  op: fc.constant('reverse' as const),
  idempotencyKey: keyArb,
  transferId: fc.integer({ min: 1, max: 25 }),
  remark: remarkArb,
});

/** Any ledger request, biased towards deposits so that players have money to bet with. */
export const ledgerRequestArb: fc.Arbitrary<LedgerRequest> = fc.oneof(
  { weight: 4, arbitrary: depositArb },
  { weight: 4, arbitrary: transferArb },
  { weight: 2, arbitrary: reverseArb },
  ...holdArbs.map(([weight, arbitrary]) => ({ weight, arbitrary })),
);

/**
 * A step of a workload: a fresh request, a replay (as sent, or with its remark changed) of an earlier
 * one, or a request sized against the ledger's balances at that moment (testing-boundary.ts).
 */
export type LedgerCommand =
  | { readonly type: 'request'; readonly request: LedgerRequest }
  | { readonly type: 'replay'; readonly pick: number }
  | { readonly type: 'changedReplay'; readonly pick: number }
  | BoundaryCommand;

/** About a third of the steps sit on the edge of the funds check or beyond it. */
export const ledgerCommandArb: fc.Arbitrary<LedgerCommand> = fc.oneof(
  { weight: 6, arbitrary: ledgerRequestArb.map((request) => ({ type: 'request' as const, request })) },
  { weight: 1, arbitrary: fc.nat().map((pick) => ({ type: 'replay' as const, pick })) },
  { weight: 1, arbitrary: fc.nat().map((pick) => ({ type: 'changedReplay' as const, pick })) },
  { weight: 4, arbitrary: boundaryCommandArb },
);

/**
 * Resolves a command against the requests sent so far and the ledger as it is now (the reference
 * ledger's state()); null when there is nothing to replay or no hold or transfer to aim at yet.
 */
export function requestFor(
  command: LedgerCommand,
  history: readonly LedgerRequest[],
  view: LedgerView,
): LedgerRequest | null {
  if (command.type === 'request') return command.request;
  if (command.type === 'boundary') return boundaryRequest(command, view);
  const earlier = history[command.pick % Math.max(history.length, 1)];
  if (!earlier) return null;
  return command.type === 'replay' ? earlier : { ...earlier, remark: `${earlier.remark}, changed` };
}
