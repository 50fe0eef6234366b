import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fingerprintOf } from './fingerprint.ts';
import { checkInvariants } from './invariants.ts';
import { ReferenceLedger } from './reference-ledger.ts';
import { TEST_PLAYER_IDS, ledgerCommandsArb, requestFor, seedRequests } from './testing.ts';
import type { LedgerOk, LedgerRequest } from './types.ts';

function freshLedger(): ReferenceLedger {
  const ledger = new ReferenceLedger();
  for (const playerId of TEST_PLAYER_IDS) ledger.openPlayer(playerId);
  for (const request of seedRequests()) expect(ledger.execute(request).ok).toBe(true);
  return ledger;
}

/** Everything observable, copied so later operations cannot change it. */
function snapshot(ledger: ReferenceLedger) {
  const state = ledger.state();
  return {
    transfers: [...state.transfers],
    balances: [...state.balancesMinor.entries()],
    holds: [...state.holds.entries()],
  };
}

describe('reference ledger under random workloads', () => {
  it('keeps every invariant, replays first results and refuses changed bodies', () => {
    fc.assert(
      fc.property(ledgerCommandsArb(80), (commands) => {
        const ledger = freshLedger();
        const history: LedgerRequest[] = [];
        const firstOk = new Map<string, { fingerprint: string; result: LedgerOk }>();
        for (const command of commands) {
          const request = requestFor(command, history, ledger.state());
          if (!request) continue;
          const before = snapshot(ledger);
          const result = ledger.execute(request);
          const known = firstOk.get(request.idempotencyKey);
          if (known) {
            // A key that already succeeded never has a second effect, whatever the body.
            if (known.fingerprint === fingerprintOf(request)) expect(result).toBe(known.result);
            else expect(result).toMatchObject({ ok: false, code: 'DUPLICATE_KEY_DIFFERENT_BODY' });
            expect(snapshot(ledger)).toEqual(before);
          } else if (result.ok) {
            firstOk.set(request.idempotencyKey, { fingerprint: fingerprintOf(request), result });
            // The result lists exactly the transfers that were appended, nothing else moved.
            expect(ledger.state().transfers.slice(before.transfers.length)).toEqual(result.transfers);
          } else {
            expect(snapshot(ledger)).toEqual(before);
          }
          history.push(request);
          expect(checkInvariants(ledger.state())).toEqual([]);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('replaying every successful request afterwards answers as the first time and changes nothing', () => {
    fc.assert(
      fc.property(ledgerCommandsArb(60), (commands) => {
        const ledger = freshLedger();
        const history: LedgerRequest[] = [];
        const succeeded: { request: LedgerRequest; result: LedgerOk }[] = [];
        for (const command of commands) {
          const request = requestFor(command, history, ledger.state());
          if (!request) continue;
          history.push(request);
          const result = ledger.execute(request);
          if (result.ok) succeeded.push({ request, result });
        }
        const after = snapshot(ledger);
        for (const { request, result } of succeeded) expect(ledger.execute(request)).toBe(result);
        expect(snapshot(ledger)).toEqual(after);
      }),
      { numRuns: 150 },
    );
  });
});
