import { show, sizeProblem } from './checks.ts';
import { runnerBookOf } from './runner-book.ts';
import { restoreRunner, snapshotRunner, type RunnerSnapshot } from './runner-snapshot.ts';
import { applyRunnerChange, emptyRunnerState, type RunnerState } from './runner-state.ts';
import type { MarketChange, MarketDefinition, RunnerBook, RunnerChange, SourceMarket } from './types.ts';

/** The mutable fold of one market. Runners are keyed by selection id and handicap. */
export interface MarketState {
  id: string;
  pt: number;
  definition: MarketDefinition | null;
  tv: number | null;
  runners: Map<number | string, RunnerState>;
}

/** Takes a problem, its place in the market already said. */
export type Report = (problem: string) => void;

export interface MarketFold {
  changed: boolean;
  gotDefinition: boolean;
}

/** Most markets have no handicaps: the selection id alone keys those runners, with no string built. */
export function runnerKey(id: number, hc: number): number | string {
  return hc === 0 ? id : `${id}:${hc}`;
}

export function emptyMarketState(id: string, pt: number): MarketState {
  return { id, pt, definition: null, tv: null, runners: new Map() };
}

/**
 * Folds one market change. An image (`img`) starts the market's book afresh; the definition is kept
 * when the image carries none, since a subscription without the definition field never resends it.
 */
export function applyMarketChange(
  state: MarketState,
  change: MarketChange,
  pt: number,
  report: Report,
): MarketFold {
  let changed = false;
  state.pt = pt;
  if (change.img === true) {
    state.runners = new Map();
    state.tv = null;
    changed = true;
  }
  let gotDefinition = false;
  if (change.marketDefinition !== undefined) {
    const problem = definitionProblem(change.marketDefinition);
    if (problem === null) {
      state.definition = frozenCopy(change.marketDefinition);
      gotDefinition = true;
      changed = true;
    } else report(`${problem} (market ${state.id})`);
  }
  if (change.tv !== undefined) {
    const problem = sizeProblem(change.tv);
    if (problem === null) {
      state.tv = change.tv;
      changed = true;
    } else report(`market tv ${problem.replace(/^size /, '')} (market ${state.id})`);
  }
  if (change.rc !== undefined) changed = applyRunnerChanges(state, change.rc, report) || changed;
  return { changed, gotDefinition };
}

function applyRunnerChanges(state: MarketState, changes: unknown, report: Report): boolean {
  if (!Array.isArray(changes)) {
    report(`rc ${show(changes)} is not a list (market ${state.id})`);
    return false;
  }
  const reportOnRunner = (problem: string, runnerId: number): void =>
    report(`${problem} (market ${state.id}, runner ${runnerId})`);
  let changed = false;
  for (const change of changes as unknown[]) {
    const id = (change as { id?: unknown } | null)?.id;
    if (typeof change !== 'object' || change === null || typeof id !== 'number') {
      report(`runner change ${show(change)} has no numeric id (market ${state.id})`);
      continue;
    }
    const rawHc = (change as { hc?: unknown }).hc;
    const hc = typeof rawHc === 'number' && Number.isFinite(rawHc) ? rawHc : 0;
    const key = runnerKey(id, hc);
    let runner = state.runners.get(key);
    if (runner === undefined) {
      runner = emptyRunnerState(id, hc);
      state.runners.set(key, runner);
    }
    changed = applyRunnerChange(runner, change as RunnerChange, reportOnRunner) || changed;
  }
  return changed;
}

export function definitionProblem(definition: unknown): string | null {
  if (typeof definition !== 'object' || definition === null || Array.isArray(definition)) {
    return `market definition ${show(definition)} is not an object`;
  }
  const { runners, status } = definition as { runners?: unknown; status?: unknown };
  if (typeof status !== 'string') return `market definition without a status`;
  if (!Array.isArray(runners)) return `market definition without a runners list`;
  for (const runner of runners as unknown[]) {
    const id = (runner as { id?: unknown } | null)?.id;
    if (typeof id !== 'number') return `market definition runner ${show(runner)} has no numeric id`;
  }
  return null;
}

/** The cache hands its definitions out; freezing a private copy keeps readers from changing it. */
function frozenCopy<T>(value: T): T {
  return deepFreeze(structuredClone(value));
}

export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

/** The market as readers see it: runners in the definition's order, then any the definition lacks. */
export function sourceMarketOf(state: MarketState): SourceMarket {
  const runners: RunnerBook[] = [];
  const listed = new Set<number | string>();
  if (state.definition !== null) {
    const byPriority = [...state.definition.runners].sort((a, b) => a.sortPriority - b.sortPriority);
    for (const definition of byPriority) {
      const hc = definition.hc ?? 0;
      const key = runnerKey(definition.id, hc);
      listed.add(key);
      runners.push(runnerBookOf(state.runners.get(key) ?? emptyRunnerState(definition.id, hc)));
    }
  }
  for (const [key, runner] of state.runners) {
    if (!listed.has(key)) runners.push(runnerBookOf(runner));
  }
  const market: SourceMarket = { id: state.id, pt: state.pt, definition: state.definition, runners };
  if (state.tv !== null) market.tv = state.tv;
  return market;
}

export interface MarketSnapshot {
  id: string;
  pt: number;
  definition: MarketDefinition | null;
  tv: number | null;
  runners: RunnerSnapshot[];
}

export function snapshotMarket(state: MarketState): MarketSnapshot {
  return {
    id: state.id,
    pt: state.pt,
    definition: state.definition === null ? null : structuredClone(state.definition),
    tv: state.tv,
    runners: Array.from(state.runners.values(), snapshotRunner),
  };
}

export function restoreMarket(snapshot: MarketSnapshot): MarketState {
  const runners = new Map<number | string, RunnerState>();
  for (const runner of snapshot.runners) runners.set(runnerKey(runner.id, runner.hc), restoreRunner(runner));
  return {
    id: snapshot.id,
    pt: snapshot.pt,
    definition: snapshot.definition === null ? null : frozenCopy(snapshot.definition),
    tv: snapshot.tv,
    runners,
  };
}
