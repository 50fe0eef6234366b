import { ReferenceLedger, checkInvariants, type LedgerRequest, type LedgerResult } from '@backlay/ledger';
import {
  TEST_PLAYER_IDS,
  ledgerCommandsArb,
  requestFor,
  seedRequests,
  type LedgerCommand,
} from '@backlay/ledger/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-db.ts';
import { SqlLedger } from './sql-ledger.ts';
import { auditLedger, loadLedgerState } from './state.ts';

/**
 * The same random workloads through ReferenceLedger and the SQL adapter: same codes, same transfers
 * (ids mapped, since identity columns may skip), same balances and holds, invariants intact.
 */
type IdMap = Map<number, number>;

function normalise(result: LedgerResult, idOf: (id: number) => number): unknown {
  if (!result.ok) return { code: result.code, message: result.message };
  return {
    hold: result.hold,
    transfers: result.transfers.map((t) => ({
      ...t,
      id: idOf(t.id),
      reversesTransferId: t.reversesTransferId === null ? null : idOf(t.reversesTransferId),
    })),
  };
}

const describeRequest = (request: LedgerRequest) =>
  JSON.stringify(request, (_key, value: unknown) => (typeof value === 'bigint' ? `${value}n` : value));

/** Reverse requests name reference ids; send the SQL id of the same transfer, or one that cannot exist. */
function translate(request: LedgerRequest, toSql: IdMap): LedgerRequest {
  if (request.op !== 'reverse') return request;
  return { ...request, transferId: toSql.get(request.transferId) ?? 1_000_000_000 + request.transferId };
}

async function runWorkload(commands: readonly LedgerCommand[]): Promise<void> {
  const db = await openTestDatabase();
  try {
    const sql = new SqlLedger(db);
    const reference = new ReferenceLedger();
    for (const playerId of TEST_PLAYER_IDS) {
      reference.openPlayer(playerId);
      await sql.openPlayer(playerId);
    }
    const toSql: IdMap = new Map();
    const toReference: IdMap = new Map();
    const history: LedgerRequest[] = [];
    for (const request of [...seedRequests(), ...commands.map((c) => requestFor(c, history))]) {
      if (!request) continue;
      history.push(request);
      const expected = reference.execute(request);
      const actual = (await sql.execute(translate(request, toSql))).result;
      if (expected.ok && actual.ok) {
        expected.transfers.forEach((t, i) => {
          const sqlId = actual.transfers[i]?.id;
          if (sqlId !== undefined && !toReference.has(sqlId)) {
            toSql.set(t.id, sqlId);
            toReference.set(sqlId, t.id);
          }
        });
      }
      const sqlToReference = (id: number) => toReference.get(id) ?? -id;
      expect(normalise(actual, sqlToReference), describeRequest(request)).toEqual(
        normalise(expected, (id) => id),
      );
    }
    const state = await loadLedgerState(db);
    expect(checkInvariants(state)).toEqual([]);
    expect(await auditLedger(db)).toEqual([]);
    expect(new Map(state.balancesMinor)).toEqual(new Map(reference.state().balancesMinor));
    expect(new Map(state.holds)).toEqual(new Map(reference.state().holds));
  } finally {
    await db.close();
  }
}

describe('SqlLedger against ReferenceLedger', () => {
  it('answers the same codes, transfers, balances and holds for random workloads', async () => {
    const workloads = fc.sample(ledgerCommandsArb(120), { numRuns: 4, seed: 20_240_531 });
    for (const commands of workloads) await runWorkload(commands);
  }, 120_000);
});
