import { ReferenceLedger, checkInvariants, type LedgerRequest, type LedgerResult } from '@backlay/ledger';
import {
  TEST_PLAYER_IDS,
  ledgerCommandsArb,
  requestFor,
  seedRequests,
  type LedgerCommand,
} from '@backlay/ledger/testing';
import fc from 'fast-check';
import type { Database } from '../../db/database.ts';
import { SqlLedger } from './sql-ledger.ts';
import { auditLedger, loadLedgerState } from './state.ts';

/**
 * Test support: runs the same workload through ReferenceLedger and the SQL adapter and reports the
 * first place they part: a different answer (code, transfers with ids mapped since identity columns
 * may skip, hold), an error thrown by SQL where the reference answered, or, at the end, different
 * balances or holds, a broken invariant or an audit finding. Null when they agree throughout.
 */
export type Divergence = {
  /** Index into seed requests followed by the workload's commands; -1 for the final state. */
  readonly step: number;
  readonly request: string;
  readonly expected: string;
  readonly actual: string;
};

/**
 * The workloads sql-ledger.test.ts runs and the broken-guard cases must be caught by: fixed, so a
 * failure reproduces, and few, since each needs a database of its own.
 */
export const comparisonWorkloads = (): LedgerCommand[][] =>
  fc.sample(ledgerCommandsArb(120), { numRuns: 4, seed: 20_240_531 });

/** Reference ids ↔ SQL ids of the same transfer. */
class TransferIds {
  readonly #toSql = new Map<number, number>();
  readonly #toReference = new Map<number, number>();

  record(expected: LedgerResult, actual: LedgerResult): void {
    if (!expected.ok || !actual.ok) return;
    expected.transfers.forEach((transfer, i) => {
      const sqlId = actual.transfers[i]?.id;
      if (sqlId === undefined || this.#toReference.has(sqlId)) return;
      this.#toSql.set(transfer.id, sqlId);
      this.#toReference.set(sqlId, transfer.id);
    });
  }

  /** Reverse requests name reference ids; send the SQL id of the same transfer, or one that cannot exist. */
  translate(request: LedgerRequest): LedgerRequest {
    if (request.op !== 'reverse') return request;
    return {
      ...request,
      transferId: this.#toSql.get(request.transferId) ?? 1_000_000_000 + request.transferId,
    };
  }

  toReference = (sqlId: number): number => this.#toReference.get(sqlId) ?? -sqlId;
}

/** Stable text for any value: object keys sorted, bigint and Map spelt out, undefined fields left out. */
export function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) => {
    if (typeof item === 'bigint') return `${item}n`;
    if (item instanceof Map)
      return [...item.entries()].sort(([a], [b]) => String(a).localeCompare(String(b)));
    if (item && typeof item === 'object' && !Array.isArray(item)) {
      return Object.fromEntries(Object.entries(item).sort(([a], [b]) => a.localeCompare(b)));
    }
    return item;
  });
}

function normalise(result: LedgerResult, idOf: (id: number) => number): string {
  if (!result.ok) return canonical({ code: result.code, message: result.message });
  return canonical({
    hold: result.hold,
    transfers: result.transfers.map((t) => ({
      ...t,
      id: idOf(t.id),
      reversesTransferId: t.reversesTransferId === null ? null : idOf(t.reversesTransferId),
    })),
  });
}

/**
 * Runs one workload on a fresh, migrated database (the caller's, closed by the caller). With `batch`,
 * runs of consecutive plain transfers (up to that many) go through `executeMany` in one transaction,
 * as group commit sends them; every other request goes alone.
 */
export async function compareWorkload(
  db: Database,
  commands: readonly LedgerCommand[],
  batch = 1,
): Promise<Divergence | null> {
  const sql = new SqlLedger(db);
  const reference = new ReferenceLedger();
  for (const playerId of TEST_PLAYER_IDS) {
    reference.openPlayer(playerId);
    await sql.openPlayer(playerId);
  }
  const ids = new TransferIds();
  const history: LedgerRequest[] = [];
  const steps: LedgerCommand[] = [
    ...seedRequests().map((request) => ({ type: 'request' as const, request })),
    ...commands,
  ];
  let pending: Pending[] = [];
  const flush = async (): Promise<Divergence | null> => {
    const sent = pending;
    pending = [];
    if (sent.length === 0) return null;
    let results: LedgerResult[];
    try {
      results = await runBatch(
        db,
        sql,
        sent.map((entry) => ids.translate(entry.request)),
      );
    } catch (error) {
      const first = sent[0]!;
      return {
        step: first.step,
        request: canonical(first.request),
        expected: normalise(first.expected, (id) => id),
        actual: `threw ${(error as Error).message}`,
      };
    }
    for (const [index, entry] of sent.entries()) {
      const actual = results[index]!;
      ids.record(entry.expected, actual);
      const expectedText = normalise(entry.expected, (id) => id);
      const actualText = normalise(actual, ids.toReference);
      if (actualText !== expectedText)
        return {
          step: entry.step,
          request: canonical(entry.request),
          expected: expectedText,
          actual: actualText,
        };
    }
    return null;
  };
  for (const [step, command] of steps.entries()) {
    // Resolved one at a time: replays and boundary amounts depend on what came before.
    const request = requestFor(command, history, reference.state());
    if (!request) continue;
    history.push(request);
    const expected = reference.execute(request);
    // A reverse names an earlier transfer's id, known only once that transfer's batch has run.
    if (request.op !== 'transfer') {
      const divergence = await flush();
      if (divergence) return divergence;
    }
    pending.push({ step, request, expected });
    if (request.op !== 'transfer' || pending.length >= batch) {
      const divergence = await flush();
      if (divergence) return divergence;
    }
  }
  const divergence = await flush();
  return divergence ?? compareFinalState(db, reference);
}

type Pending = { step: number; request: LedgerRequest; expected: LedgerResult };

async function runBatch(db: Database, sql: SqlLedger, requests: LedgerRequest[]): Promise<LedgerResult[]> {
  if (requests.length === 1) return [(await sql.execute(requests[0]!)).result];
  const outcomes = await db.transaction((tx) => sql.executeMany(requests, tx));
  return outcomes.map((outcome) => outcome.result);
}

async function compareFinalState(db: Database, reference: ReferenceLedger): Promise<Divergence | null> {
  const state = await loadLedgerState(db);
  const expected = reference.state();
  const found = (request: string, expectedText: string, actualText: string): Divergence => ({
    step: -1,
    request,
    expected: expectedText,
    actual: actualText,
  });
  const broken = checkInvariants(state);
  if (broken.length > 0) return found('invariants', '[]', canonical(broken));
  const audit = await auditLedger(db);
  if (audit.length > 0) return found('ledger_audit()', '[]', canonical(audit));
  if (canonical(state.balancesMinor) !== canonical(expected.balancesMinor)) {
    return found('balances', canonical(expected.balancesMinor), canonical(state.balancesMinor));
  }
  if (canonical(state.holds) !== canonical(expected.holds)) {
    return found('holds', canonical(expected.holds), canonical(state.holds));
  }
  return null;
}

/** Runs each workload on a database of its own from `open`; answers the first divergence, if any. */
export async function compareWorkloads(
  open: () => Promise<Database>,
  workloads: readonly (readonly LedgerCommand[])[],
  batch = 1,
): Promise<Divergence | null> {
  for (const commands of workloads) {
    const db = await open();
    try {
      const divergence = await compareWorkload(db, commands, batch);
      if (divergence) return divergence;
    } finally {
      await db.close();
    }
  }
  return null;
}
