import { nextClk, nextClock, type Clock } from './clocks.ts';
import { Conflation } from './conflation.ts';
import type { DataFilter } from './market-changes.ts';
import type { MarketSink } from './market-hub.ts';
import type { OrderFeed } from './order-feed.ts';
import type { MarketChange, StreamMessage } from './messages.ts';
import { imageMessages, type ImageChange } from './segments.ts';

/** What a connection keeps of one of its subscriptions (docs/decisions/0258, 0273). */
export type Subscription = {
  id: number | undefined;
  heartbeatMs: number;
  conflateMs: number;
  lastSentMs: number;
  segmentation: boolean;
  /** Heartbeats wait for the image: a clock before it would claim what the client does not hold yet. */
  imageSent: boolean;
  /** The clock of the last message with changes. */
  lastClk: string | undefined;
};

/** Changes that reach a market subscription before its image went out wait in `held`. */
export type MarketSubscription = Subscription & {
  sink: MarketSink;
  marketIds: string[];
  held: string[] | undefined;
  /** Set when the subscription asked for conflateMs > 0. */
  conflation: Conflation | undefined;
  /** Stops taking on new markets; a filter of named markets only never grows. */
  stopGrowing: () => void;
  /** The initialClk it is resumable by: its first image's, or, resumed, its predecessor's. */
  initialClk: Clock | undefined;
};

export type OrderSubscription = Subscription & { feed: OrderFeed };

/** A subscription's own fields before its image: nothing sent yet. */
export const freshSubscription = (
  id: number | undefined,
  timing: { heartbeatMs: number; conflateMs: number; segmentation: boolean },
): Subscription => ({ id, ...timing, lastSentMs: Date.now(), imageSent: false, lastClk: undefined });

/** A market subscription before its image: changes wait in `held` until the image has gone. */
export const freshMarketSubscription = (
  id: number | undefined,
  timing: { heartbeatMs: number; conflateMs: number; segmentation: boolean },
  sink: MarketSink,
): MarketSubscription => ({
  ...freshSubscription(id, timing),
  marketIds: [],
  held: [],
  conflation: undefined,
  sink,
  stopGrowing: () => {},
  initialClk: undefined,
});

/** With conflateMs > 0, the subscription's changes gather and go out at most once per interval. */
export function conflate(
  subscription: MarketSubscription,
  filter: DataFilter,
  send: (mc: MarketChange[], con: boolean) => void,
): void {
  if (subscription.conflateMs <= 0) return;
  const conflation = new Conflation(subscription.conflateMs, filter, send);
  subscription.conflation = conflation;
  subscription.sink.states = (previous, next) => conflation.changed(previous, next);
}

/**
 * A subscription's image, in segments when it asked for them and the image is large; or, resuming
 * from `initialClk`, its RESUB_DELTA, which keeps that initialClk. Marks the image sent.
 */
export function imageOf<Op extends 'mcm' | 'ocm'>(
  subscription: Subscription & { initialClk?: Clock | undefined },
  op: Op,
  changes: readonly ImageChange[Op][],
  segmentChars: number | undefined,
  initialClk?: string,
): StreamMessage[] {
  const clock = nextClock();
  const clocks = { initialClk: initialClk ?? String(clock), clk: String(clock) };
  subscription.initialClk ??= clock;
  const changeType = initialClk ? 'RESUB_DELTA' : 'SUB_IMAGE';
  const messages = imageMessages(op, { ...subscription, changeType }, clocks, changes, segmentChars);
  subscription.imageSent = true;
  return messages;
}

/**
 * A new clock, unless the subscription holds conflated changes: a clock says the client has every
 * change logged before it, so until they go, messages repeat the clock of the last that carried some.
 */
export function clockOf(subscription: Subscription & { conflation?: Conflation | undefined }): string {
  return subscription.conflation?.holding && subscription.lastClk ? subscription.lastClk : nextClk();
}

/** The line is assembled around the shared `mc` JSON: hot markets have hundreds of subscribers. */
export function marketChangeLine(subscription: MarketSubscription, changeJson: string): string {
  subscription.lastSentMs = Date.now();
  subscription.lastClk = nextClk();
  const id = subscription.id === undefined ? '' : `"id":${subscription.id},`;
  const head = `{"op":"mcm",${id}"clk":"${subscription.lastClk}","pt":${subscription.lastSentMs}`;
  return `${head},"mc":[${changeJson}]}`;
}

/** A heartbeat when the subscription's image went out and it has been quiet for its interval. */
export function heartbeatOf(
  subscription: (Subscription & { conflation?: Conflation | undefined }) | undefined,
  op: 'mcm' | 'ocm',
  now: number,
): StreamMessage | undefined {
  if (!subscription?.imageSent || now - subscription.lastSentMs < subscription.heartbeatMs) return undefined;
  return { op, id: subscription.id, clk: clockOf(subscription), pt: now, ct: 'HEARTBEAT' };
}
