import type { CasinoWalletAnswer } from '@backlay/contracts';
import type { Database } from '../../db/database.ts';
import type { AdmissionGate } from '../admission/index.ts';
import { transaction } from '../../platform/transaction.ts';
import { hashToken } from '../auth/index.ts';
import { readPlayerBalances, type WalletService } from '../wallet/index.ts';
import type { CasinoProviderSwitch } from './admin-provider.ts';
import { foreseePass, type Foreseen } from './wallet-foresee.ts';
import type { WalletMemory } from './wallet-memory.ts';
import { decidePass, type Admitting, type BatchState, type Decision, type Pending } from './wallet-decide.ts';
import { SettlementRefused, takeSettled, writeForeseenPass, writePass } from './wallet-pass.ts';
import { answerOf, settledBetId, type MoneyCallback } from './wallet-records.ts';
import { readBatch, type Foresight } from './wallet-repo.ts';

export type BatchDeps = {
  db: Database;
  wallet: WalletService;
  now: () => number;
  counts: BatchCounts;
  memory: WalletMemory;
  paths: WalletPaths;
  admission: Admitting & Pick<AdmissionGate, 'prepareStandings'>;
  provider: Pick<CasinoProviderSwitch, 'enabled'>;
};

/**
 * The ways a batch may be written. `all` (production): from memory without a read (0202), else read
 * with each pass foreseen (0200), else read then written. The others keep to one way, for tests that
 * hold the ways against each other and for `CASINO_WALLET_FAST_PATHS=off` (`read`): `memory` writes
 * from memory or else reads then writes, `foresee` reads and foresees, `read` reads then writes, and
 * `plain` writes every callback alone, read then written. Every way answers and writes the same.
 */
export type WalletPaths = 'all' | 'plain' | 'memory' | 'foresee' | 'read';

const remembers = (paths: WalletPaths) => paths === 'all' || paths === 'memory';
const foreseesReadPasses = (paths: WalletPaths) => paths === 'all' || paths === 'foresee';

/**
 * How batches were written: from memory without a read, passes foreseen or written the ordinary way,
 * failed attempts (of a batch from memory, or of any batch), callbacks written alone.
 */
export type BatchCounts = {
  rememberedBatches: number;
  foreseenPasses: number;
  writtenPasses: number;
  failedAttempts: number;
  alone: number;
};

export const noBatchesYet = (): BatchCounts => ({
  rememberedBatches: 0,
  foreseenPasses: 0,
  writtenPasses: 0,
  failedAttempts: 0,
  alone: 0,
});

/** An answer, or the error that kept a callback from one (the route turns it into a server error). */
export type BatchAnswer = CasinoWalletAnswer | { failed: unknown };

const BATCH_ATTEMPTS = 2;

/**
 * Writes a batch of money callbacks in one transaction (docs/decisions/0182), foreseen when it can be
 * (0200). When that fails (a concurrent twin in another process, a deadlock, a foresight the ledger
 * did not bear out, anything else), a batch is tried once more, then each callback on its own, so one
 * bad callback cannot fail the others.
 */
export async function writeCallbacks(
  deps: BatchDeps,
  callbacks: readonly MoneyCallback[],
): Promise<BatchAnswer[]> {
  if (deps.paths === 'plain') return writeEachAlone(deps, callbacks);
  const attempts = callbacks.length > 1 ? BATCH_ATTEMPTS : 1;
  for (let attempt = 1; attempt <= attempts; attempt += 1) {
    try {
      return await writeBatch(deps, callbacks, { retryRaces: false, fast: attempt === 1 });
    } catch {
      // Tried again, then one by one below.
      deps.counts.failedAttempts += 1;
    }
  }
  return writeEachAlone(deps, callbacks);
}

async function writeEachAlone(deps: BatchDeps, callbacks: readonly MoneyCallback[]): Promise<BatchAnswer[]> {
  const answers: BatchAnswer[] = [];
  deps.counts.alone += callbacks.length;
  for (const callback of callbacks) answers.push(await writeAlone(deps, callback));
  return answers;
}

async function writeAlone(deps: BatchDeps, callback: MoneyCallback): Promise<BatchAnswer> {
  try {
    const [answer] = await writeBatch(deps, [callback], { retryRaces: true, fast: false });
    return answer ?? { failed: new Error('a casino batch answered nothing') };
  } catch (error) {
    if (!(error instanceof SettlementRefused)) return { failed: error };
    const cash = (await readPlayerBalances(deps.db, error.playerId))?.cashMinor ?? 0n;
    return answerOf('RS_ERROR_UNKNOWN', cash);
  }
}

const distinct = <T>(values: readonly (T | null)[]): T[] => [
  ...new Set(values.filter((value): value is T => value !== null)),
];

/**
 * One transaction: one statement reads what the batch needs (wallet-repo.ts readBatch), then it
 * decides and writes in passes. A pass takes every callback that does not hang on another one's ledger
 * outcome in that pass (a win of a bet placed in the same batch, a second body under one id); those
 * wait for the next pass. Each pass is one ledger call and one write. With `fast`, as `deps.paths`
 * allows, a batch that memory knows all of is first tried without the read (writeFromMemory), and a
 * pass whose movements can be foreseen goes out with the COMMIT (writeForeseenPass). What the batch
 * ends with is remembered.
 */
async function writeBatch(
  deps: BatchDeps,
  callbacks: readonly MoneyCallback[],
  options: { retryRaces: boolean; fast: boolean },
): Promise<CasinoWalletAnswer[]> {
  const hashes = callbacks.map((callback) => hashToken(callback.body.token));
  const fromMemory = options.fast && remembers(deps.paths);
  const remembered = fromMemory ? await writeFromMemory(deps, callbacks, hashes) : null;
  if (remembered) return remembered;
  const foresee = options.fast && foreseesReadPasses(deps.paths);
  let committed: BatchState | undefined;
  const answers = await transaction(
    deps.db,
    async (tx) => {
      const reads = await readBatch(tx, {
        betIds: distinct(callbacks.map(settledBetId)),
        tokenHashes: distinct(hashes),
        transactionIds: distinct(callbacks.map((callback) => callback.body.transactionId)),
      });
      const state: BatchState = {
        ...reads,
        now: deps.now(),
        bets: new Map([...reads.bets].map(([id, bet]) => [id, { ...bet, settled: false }])),
      };
      committed = state;
      const answers: CasinoWalletAnswer[] = new Array(callbacks.length);
      let pending = pendingOf(callbacks, hashes);
      await deps.admission.prepareStandings(bettorsOf(state), tx);
      const betsTaken = await deps.provider.enabled(tx);
      while (pending.length > 0) {
        const decisions = decidePass(pending, state, deps.admission, betsTaken);
        const pass = { tx, wallet: deps.wallet, state, pending, decisions, answers };
        const foreseen = foresee ? foreseePass(state, decisions) : null;
        if (foreseen && writeForeseenPass(pass, foreseen, NOTHING_REMEMBERED)) {
          deps.counts.foreseenPasses += 1;
          break;
        }
        pending = await writePass(pass);
        deps.counts.writtenPasses += 1;
      }
      return answers;
    },
    { retryRaces: options.retryRaces },
  );
  if (committed && remembers(deps.paths)) deps.memory.learn(committed);
  return answers;
}

/** The players behind a batch's tokens: the gate reads a standing only the first time it meets one. */
const bettorsOf = (state: BatchState) => [...state.sessions.values()].map((session) => session.playerId);

const pendingOf = (callbacks: readonly MoneyCallback[], hashes: readonly string[]): Pending[] =>
  callbacks.map((callback, index) => ({ index, callback, tokenHash: hashes[index] ?? '' }));

/**
 * A batch decided from memory (wallet-memory.ts; docs/decisions/0202): when memory knows every token,
 * player and bet, and the batch is one foreseeable pass, its transaction is a single round trip with
 * no read. The update of the bets it settles (checked against their state in memory), the ledger call,
 * the checks of every other assumption and the write are one call that goes out with the COMMIT
 * (docs/decisions/0204). Null, with nothing sent, when memory does not know enough or the pass cannot
 * be foreseen; null too when a check failed, after memory forgot what the batch assumed: the batch is
 * then read and written the ordinary way.
 */
async function writeFromMemory(
  deps: BatchDeps,
  callbacks: readonly MoneyCallback[],
  hashes: readonly string[],
): Promise<CasinoWalletAnswer[] | null> {
  const recalled = deps.memory.recall(callbacks, hashes, deps.now());
  if (!recalled) return null;
  const { state, betsBefore } = recalled;
  const pending = pendingOf(callbacks, hashes);
  await deps.admission.prepareStandings(bettorsOf(state));
  const decisions = decidePass(pending, state, deps.admission, await deps.provider.enabled());
  // Memory keeps no recorded answers. An accepted callback's id is checked as it is written (the
  // ledger's key, the rows' primary key); a refusal writes nothing, so only a read can tell that its
  // id was answered before (a replay then gets that answer, not a refusal).
  if (decisions.some((decision) => decision.type !== 'accept')) return null;
  const foreseen = foreseePass(state, decisions);
  if (!foreseen) return null;
  // Taken here, so the pass's own write finds no settled bets left to update.
  const changes = takeSettled(state).map((bet) => ({ ...bet, was: betsBefore.get(bet.betId)! }));
  try {
    const answers = await transaction(deps.db, async (tx) => {
      const answers: CasinoWalletAnswer[] = new Array(callbacks.length);
      const pass = { tx, wallet: deps.wallet, state, pending, decisions, answers };
      const assumed = rememberedAssumptions(state, decisions, foreseen);
      if (!writeForeseenPass(pass, foreseen, assumed, changes)) {
        throw new Error('a casino batch from memory could not be written in one call');
      }
      return answers;
    });
    deps.memory.learn(state);
    deps.counts.rememberedBatches += 1;
    deps.counts.foreseenPasses += 1;
    return answers;
  } catch {
    deps.counts.failedAttempts += 1;
    deps.memory.forget(state);
    return null;
  }
}

const NOTHING_REMEMBERED: Omit<Foresight, 'cashAfter'> = { unmoved: [], bettors: [] };

/**
 * What a batch decided from memory assumed besides its foreseen movements: the cash of players it
 * answered without moving their money (a win of 0), and that its bettors are still active.
 */
function rememberedAssumptions(
  state: BatchState,
  decisions: readonly Decision[],
  foreseen: readonly Foreseen[],
): Omit<Foresight, 'cashAfter'> {
  const moved = new Set(foreseen.map((move) => move.playerId));
  const answered = new Set<string>();
  const bettors = new Set<string>();
  for (const decision of decisions) {
    // Every decision of a batch from memory accepts its callback (writeFromMemory).
    if (decision.type !== 'accept') continue;
    if (!moved.has(decision.playerId)) answered.add(decision.playerId);
    if (decision.row.kind === 'BET') bettors.add(decision.playerId);
  }
  const unmoved = [...answered].map((playerId) => ({ playerId, cashMinor: state.cash.get(playerId) ?? 0n }));
  return { unmoved, bettors: [...bettors] };
}
