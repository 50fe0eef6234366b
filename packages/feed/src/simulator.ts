import type { ModelSink } from './models/model.ts';
import { hash32 } from './prng.ts';
import { FixtureBook } from './schedule/book.ts';
import { buildFixture } from './schedule/fixture-factory.ts';
import { ActionQueue } from './schedule/queue.ts';
import { SportStreams } from './schedule/streams.ts';
import type { FeedEvent, FeedSnapshot, OddsFeed, Sport } from './types.ts';

export interface SimulatorOptions {
  /** FEED_SEED: the same seed and the same advance() calls give the same events. */
  readonly seed: number | string;
  /** FEED_SPEED: simulated ms per wall ms (1 = real time). */
  readonly speed?: number;
  /** Wall-clock time the simulator starts at; fixtures already in play have been running before it. */
  readonly startMs: number;
}

/** Simulated time run before `startMs` so that matches are already under way at start. */
export const WARM_UP_SIM_MS = 4 * 3_600_000;
/** Fixtures are announced this far ahead of their start (simulated time). */
export const HORIZON_SIM_MS = 50 * 3_600_000;

type ActionBody =
  | { readonly kind: 'ANNOUNCE'; readonly sport: Sport; readonly lane: boolean }
  | { readonly kind: 'START' | 'STEP'; readonly book: FixtureBook };
type Action = ActionBody & { readonly atSimMs: number; readonly seq: number };

/** The built-in match simulator (decision record 0110). Pure: time comes in, events go out. */
export function createSimulator(options: SimulatorOptions): OddsFeed {
  return new MatchSimulator(options);
}

/**
 * Every fixture start, model step and announcement is an action on one simulated timeline, run in
 * (time, insertion) order. Each fixture draws from its own PRNG stream, so a fixture's events do not
 * depend on how often `advance` is polled, only the batching does.
 */
class MatchSimulator implements OddsFeed {
  private readonly speed: number;
  private readonly seed: string;
  private readonly originMs: number;
  private readonly idPrefix: string;
  private readonly queue = new ActionQueue<Action>();
  private readonly books = new Map<string, FixtureBook>();
  private readonly streams: SportStreams;
  private seq = 0;
  private fixtureCount = 0;
  private out: FeedEvent[] = [];
  private lastWallMs: number;
  private pendingReplay = true;

  constructor(options: SimulatorOptions) {
    const speed = options.speed ?? 1;
    if (!(speed > 0) || !Number.isFinite(speed)) throw new RangeError(`speed must be positive, got ${speed}`);
    if (!Number.isFinite(options.startMs)) throw new RangeError('startMs must be a finite number');
    this.speed = speed;
    this.seed = String(options.seed);
    this.originMs = options.startMs;
    this.lastWallMs = options.startMs;
    // Ids differ between runs that start at different times, so a restarted feed never reuses one.
    this.idPrefix = hash32(`${this.seed}:${this.originMs}`).toString(36);
    this.streams = new SportStreams(this.seed, this.originMs - WARM_UP_SIM_MS);
    for (const { sport, lane } of this.streams.all()) {
      this.push(this.streams.peekStart(sport, lane) - HORIZON_SIM_MS, { kind: 'ANNOUNCE', sport, lane });
    }
    this.runUntil(this.originMs);
    this.out = []; // the warm-up is replayed as state on the first advance
  }

  advance(nowMs: number): FeedEvent[] {
    if (!Number.isFinite(nowMs)) throw new RangeError('nowMs must be a finite number');
    this.lastWallMs = Math.max(this.lastWallMs, nowMs);
    if (this.pendingReplay) {
      this.pendingReplay = false;
      for (const book of this.sortedBooks()) this.out.push(...book.replay(this.originMs));
    }
    this.runUntil(this.originMs + (this.lastWallMs - this.originMs) * this.speed);
    const events = this.out;
    this.out = [];
    return events;
  }

  snapshot(): FeedSnapshot {
    return { nowMs: this.lastWallMs, fixtures: this.sortedBooks().map((book) => book.snapshot()) };
  }

  private wallOf(simMs: number): number {
    return Math.round(this.originMs + (simMs - this.originMs) / this.speed);
  }

  private push(atSimMs: number, action: ActionBody): void {
    this.queue.push({ ...action, atSimMs, seq: this.seq++ });
  }

  private runUntil(simMs: number): void {
    for (
      let next = this.queue.peek();
      next !== undefined && next.atSimMs <= simMs;
      next = this.queue.peek()
    ) {
      this.run(this.queue.pop()!);
    }
  }

  private run(action: Action): void {
    if (action.kind === 'ANNOUNCE') {
      const { sport, lane } = action;
      this.addFixture(sport, this.streams.takeStart(sport, lane), action.atSimMs);
      this.push(this.streams.peekStart(sport, lane) - HORIZON_SIM_MS, { kind: 'ANNOUNCE', sport, lane });
      return;
    }
    const { book } = action;
    const { fixture, model, startSimMs } = book.built;
    if (action.kind === 'START' && model.inPlayAllowed) {
      this.emit(book, { type: 'IN_PLAY', atMs: this.wallOf(action.atSimMs), fixtureId: fixture.id });
    }
    if (action.kind === 'STEP') model.step(this.sinkFor(book, action.atSimMs));
    const nextOffsetMs = model.nextStepOffsetMs();
    if (nextOffsetMs !== null) {
      this.push(Math.max(action.atSimMs, startSimMs + nextOffsetMs), { kind: 'STEP', book });
      return;
    }
    this.emit(book, { type: 'FIXTURE_CLOSED', atMs: this.wallOf(action.atSimMs), fixtureId: fixture.id });
    this.books.delete(fixture.id);
    this.keepOneInPlay(fixture.sport, action.atSimMs);
  }

  private addFixture(sport: Sport, startSimMs: number, nowSimMs: number): void {
    const fixtureId = `${sport}-${this.idPrefix}-${++this.fixtureCount}`;
    const built = buildFixture(this.seed, fixtureId, sport, startSimMs, this.wallOf(startSimMs));
    const book = new FixtureBook(built);
    this.books.set(fixtureId, book);
    this.emit(book, { type: 'FIXTURE_ADDED', atMs: this.wallOf(nowSimMs), fixture: built.fixture });
    built.model.preMatch(this.sinkFor(book, nowSimMs));
    this.push(startSimMs, { kind: 'START', book });
  }

  /** A must-cover sport whose last live match just ended gets a fixture that starts at once. */
  private keepOneInPlay(sport: Sport, nowSimMs: number): void {
    if (!this.streams.mustCover(sport)) return;
    for (const book of this.books.values()) {
      if (book.built.fixture.sport === sport && book.status === 'IN_PLAY') return;
    }
    this.addFixture(sport, nowSimMs, nowSimMs);
  }

  private emit(book: FixtureBook, event: FeedEvent): void {
    book.apply(event);
    this.out.push(event);
  }

  private sinkFor(book: FixtureBook, simMs: number): ModelSink {
    const atMs = this.wallOf(simMs);
    const fixtureId = book.built.fixture.id;
    const emit = (event: FeedEvent) => this.emit(book, event);
    return {
      score: (score) => emit({ type: 'SCORE', atMs, fixtureId, score }),
      prices: (prices) => emit({ type: 'FAIR_PRICES', atMs, fixtureId, prices }),
      line: (marketId, line, probabilitiesPpm, rangeRuns) =>
        emit({
          type: 'LINE',
          atMs,
          fixtureId,
          marketId,
          line,
          probabilitiesPpm,
          ...(rangeRuns ? { rangeRuns } : {}),
        }),
      suspend: (marketId, reason) => emit({ type: 'SUSPEND', atMs, fixtureId, marketId, reason }),
      resume: (marketId) => emit({ type: 'RESUME', atMs, fixtureId, marketId }),
      result: (marketId, outcome) => emit({ type: 'RESULT', atMs, fixtureId, marketId, outcome }),
    };
  }

  private sortedBooks(): FixtureBook[] {
    return [...this.books.values()].sort(
      (a, b) =>
        a.built.startSimMs - b.built.startSimMs || a.built.fixture.id.localeCompare(b.built.fixture.id),
    );
  }
}
