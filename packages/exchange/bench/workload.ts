import { ExchangeMarket, type Side } from '../src/index.ts';

/**
 * Deterministic op scripts, generated once (not timed) and replayed on every engine so each does
 * exactly the same work. Each order has its own account, so self-match prevention never fires and
 * our price-time semantics equal the peer's.
 */
export type Op =
  | {
      readonly kind: 'place';
      readonly id: string;
      readonly side: Side;
      readonly priceTick: number;
      readonly sizeMinor: number;
    }
  | { readonly kind: 'cancel'; readonly id: string }
  | {
      readonly kind: 'replace';
      readonly id: string;
      readonly side: Side;
      readonly newId: string;
      readonly newPriceTick: number;
    };

/** mulberry32: small, fast, reproducible. */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Live order ids with O(1) add, remove and uniform random pick. */
class LiveSet {
  private readonly ids: string[] = [];
  private readonly indexById = new Map<string, number>();

  get length(): number {
    return this.ids.length;
  }

  add(id: string): void {
    if (this.indexById.has(id)) return;
    this.indexById.set(id, this.ids.length);
    this.ids.push(id);
  }

  remove(id: string): void {
    const index = this.indexById.get(id);
    if (index === undefined) return;
    const last = this.ids.pop()!;
    if (last !== id) {
      this.ids[index] = last;
      this.indexById.set(last, index);
    }
    this.indexById.delete(id);
  }

  pick(rand: () => number): string | undefined {
    return this.ids[Math.floor(rand() * this.ids.length)];
  }
}

interface Generator {
  readonly rand: () => number;
  readonly market: ExchangeMarket;
  readonly live: LiveSet;
  readonly ops: Op[];
  nextId: number;
}

const int = (rand: () => number, min: number, max: number) => min + Math.floor(rand() * (max - min + 1));

/** Records the op and runs it on the generator's own book to track which orders stay live. */
function apply(gen: Generator, op: Op): void {
  gen.ops.push(op);
  const { market } = gen;
  const result =
    op.kind === 'place'
      ? market.place({
          orderId: op.id,
          accountId: op.id,
          runnerIndex: 0,
          side: op.side,
          priceTick: op.priceTick,
          sizeMinor: op.sizeMinor,
        })
      : op.kind === 'cancel'
        ? market.cancel(op.id)
        : market.replace(op.id, op.newId, op.newPriceTick);
  if (!result.ok) throw new Error(`workload op rejected: ${result.code}`);
  for (const event of result.value.events) {
    if (event.type !== 'ORDER') continue;
    if (event.state === 'RESTING') gen.live.add(event.orderId);
    else gen.live.remove(event.orderId);
  }
}

function pickLive(gen: Generator): string | undefined {
  return gen.live.pick(gen.rand);
}

function place(gen: Generator, side: Side, priceTick: number, sizeMinor: number): void {
  apply(gen, { kind: 'place', id: `o${gen.nextId++}`, side, priceTick, sizeMinor });
}

function newGenerator(seed: number): Generator {
  const created = ExchangeMarket.create(1);
  if (!created.ok) throw new Error(created.code);
  return { rand: random(seed), market: created.value, live: new LiveSet(), ops: [], nextId: 0 };
}

/** Ops that build the starting book (replayed untimed), then the timed ops. */
export interface Script {
  readonly setupOps: Op[];
  readonly ops: Op[];
}

/**
 * The mix: ~1,000 resting orders, lays (bids) on ticks 40..99 and backs (asks) on 101..160.
 * 45% placements that rest, 20% placements that cross and fill one or more levels,
 * 25% cancels, 10% replaces; placements and cancels lean to hold the book near 1,000 orders.
 */
export function mixScript(seed: number, opCount: number, targetResting = 1000): Script {
  const gen = newGenerator(seed);
  const rand = gen.rand;
  while (gen.live.length < targetResting) placeResting(gen);
  const setupOps = gen.ops.splice(0);
  while (gen.ops.length < opCount) {
    const roll = rand();
    const lean = gen.live.length < targetResting ? 0.05 : -0.05;
    if (roll < 0.45 + lean) placeResting(gen);
    else if (roll < 0.65) {
      const side: Side = rand() < 0.5 ? 'LAY' : 'BACK';
      place(gen, side, side === 'BACK' ? int(rand, 90, 99) : int(rand, 101, 110), int(rand, 500, 8000));
    } else if (roll < 0.9) {
      const id = pickLive(gen);
      if (id !== undefined) apply(gen, { kind: 'cancel', id });
    } else {
      const id = pickLive(gen);
      if (id === undefined) continue;
      const order = gen.market.order(id);
      const side = order.ok ? order.value.side : 'BACK';
      apply(gen, {
        kind: 'replace',
        id,
        side,
        newId: `o${gen.nextId++}`,
        newPriceTick: restingTick(rand, side),
      });
    }
  }
  return { setupOps, ops: gen.ops };
}

function restingTick(rand: () => number, side: Side): number {
  return side === 'BACK' ? int(rand, 101, 160) : int(rand, 40, 99);
}

function placeResting(gen: Generator): void {
  const side: Side = gen.rand() < 0.5 ? 'LAY' : 'BACK';
  place(gen, side, restingTick(gen.rand, side), int(gen.rand, 100, 1000));
}

/**
 * One price holding a queue of ~`queueDepth` lays at tick 100: 40% placements joining the back of
 * the queue, 30% cancels anywhere in it, 30% backs that fill from its head (one to two orders).
 * Run with depth 1,000 (deep) and 5 (shallow): the per-op cost should not depend on depth.
 */
export function queueScript(seed: number, opCount: number, queueDepth: number): Script {
  const gen = newGenerator(seed);
  const rand = gen.rand;
  while (gen.live.length < queueDepth) place(gen, 'LAY', 100, 500);
  const setupOps = gen.ops.splice(0);
  while (gen.ops.length < opCount) {
    const roll = rand();
    const lean = gen.live.length < queueDepth ? 0.1 : gen.live.length > queueDepth ? -0.1 : 0;
    if (roll < 0.4 + lean) place(gen, 'LAY', 100, 500);
    else if (roll < 0.7) {
      const id = pickLive(gen);
      if (id !== undefined) apply(gen, { kind: 'cancel', id });
    } else place(gen, 'BACK', 100, int(rand, 300, 900));
  }
  return { setupOps, ops: gen.ops };
}
