import fc from 'fast-check';
import type { PlaceOrderInput } from '../types.ts';

export type FuzzCommand =
  | { readonly kind: 'place'; readonly input: Omit<PlaceOrderInput, 'orderId'> }
  | { readonly kind: 'cancel'; readonly pick: number; readonly reduceByMinor?: number }
  | { readonly kind: 'replace'; readonly pick: number; readonly newPriceTick: number }
  | { readonly kind: 'cancelUnknown' }
  | { readonly kind: 'suspend' | 'resume' | 'goInPlay' | 'close' };

export const FUZZ_RUNNERS = 2;
const ACCOUNTS = ['acct-a', 'acct-b', 'acct-c', 'acct-d'];

// Prices are drawn from a narrow band around 2.00 so orders cross often; a few are off the ladder.
const placeArb = fc.record({
  accountId: fc.constantFrom(...ACCOUNTS),
  runnerIndex: fc.integer({ min: 0, max: FUZZ_RUNNERS - 1 }),
  side: fc.constantFrom('BACK' as const, 'LAY' as const),
  priceTick: fc.oneof(
    { weight: 30, arbitrary: fc.integer({ min: 94, max: 104 }) },
    { weight: 1, arbitrary: fc.constant(350) },
  ),
  sizeMinor: fc.oneof(
    { weight: 30, arbitrary: fc.integer({ min: 1, max: 500 }) },
    { weight: 1, arbitrary: fc.constant(0) },
  ),
  timeInForce: fc.constantFrom(
    'GTC' as const,
    'GTC' as const,
    'GTC' as const,
    'IOC' as const,
    'FOK' as const,
  ),
  persistence: fc.constantFrom('LAPSE' as const, 'PERSIST' as const),
});

export const commandArb: fc.Arbitrary<FuzzCommand> = fc.oneof(
  { weight: 120, arbitrary: placeArb.map((input) => ({ kind: 'place' as const, input })) },
  {
    weight: 40,
    arbitrary: fc
      .record({
        pick: fc.nat(),
        reduceByMinor: fc.option(fc.integer({ min: 1, max: 300 }), { nil: undefined }),
      })
      .map(({ pick, reduceByMinor }) =>
        reduceByMinor === undefined
          ? { kind: 'cancel' as const, pick }
          : { kind: 'cancel' as const, pick, reduceByMinor },
      ),
  },
  {
    weight: 20,
    arbitrary: fc
      .record({ pick: fc.nat(), newPriceTick: fc.integer({ min: 94, max: 104 }) })
      .map((fields) => ({ kind: 'replace' as const, ...fields })),
  },
  { weight: 10, arbitrary: fc.constant({ kind: 'cancelUnknown' as const }) },
  { weight: 10, arbitrary: fc.constantFrom('suspend' as const, 'resume' as const).map((kind) => ({ kind })) },
  { weight: 3, arbitrary: fc.constant({ kind: 'goInPlay' as const }) },
  // Closing ends a market for good, so it is rare; every sequence also closes at the end.
  { weight: 1, arbitrary: fc.constant({ kind: 'close' as const }) },
);
