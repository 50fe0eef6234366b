import type { MarketChange, MarketChangeMessage, OrderChangeMessage, OrderMarketChange } from './messages.ts';

/**
 * Betfair's segmentation of large images (docs/decisions/0259): with `segmentationEnabled` (the
 * clients' default) an image whose changes exceed this much JSON goes as several messages.
 */
export const SEGMENT_CHARS = 65_536;

/** The changes of each kind of image, and its messages. */
export type ImageChange = { mcm: MarketChange; ocm: OrderMarketChange };
type ImageMessage = { mcm: MarketChangeMessage; ocm: OrderChangeMessage };

/** Changes in order, cut so each part's JSON stays within `maxChars` (a larger single change alone). */
export function splitChanges<T>(changes: readonly T[], maxChars: number): T[][] {
  const parts: T[][] = [];
  let part: T[] = [];
  let chars = 0;
  for (const change of changes) {
    const size = JSON.stringify(change).length + 1;
    if (part.length > 0 && chars + size > maxChars) {
      parts.push(part);
      part = [];
      chars = 0;
    }
    part.push(change);
    chars += size;
  }
  if (part.length > 0 || parts.length === 0) parts.push(part);
  return parts;
}

/** What an image's messages repeat of their subscription. */
export type ImageSubscription = {
  id: number | undefined;
  conflateMs: number;
  heartbeatMs: number;
  segmentation: boolean;
  /** RESUB_DELTA for a resubscription's changes (0273); SUB_IMAGE otherwise. */
  changeType?: 'SUB_IMAGE' | 'RESUB_DELTA';
};

/**
 * A subscription's image (`SUB_IMAGE`) as its messages. One part: the clocks and the changes under
 * `mc`/`oc` (an order image without orders leaves `oc` out). Several: each a `SUB_IMAGE` of the same
 * subscription with `segmentType` SEG_START, SEG…, SEG_END, the clocks on SEG_END only, as Betfair
 * sends them; the client applies each as it comes.
 */
export function imageMessages<Op extends 'mcm' | 'ocm'>(
  op: Op,
  subscription: ImageSubscription,
  clocks: { initialClk: string; clk: string },
  changes: readonly ImageChange[Op][],
  maxChars = SEGMENT_CHARS,
): ImageMessage[Op][] {
  const { id, conflateMs, heartbeatMs, changeType = 'SUB_IMAGE' } = subscription;
  const head = { op, id, conflateMs, heartbeatMs, pt: Date.now(), ct: changeType } as const;
  const key = op === 'mcm' ? 'mc' : 'oc';
  const parts = subscription.segmentation ? splitChanges(changes, maxChars) : [changes];
  // The key is the op's own (mc or oc), which the index type cannot follow.
  const message = (fields: object) => fields as ImageMessage[Op];
  if (parts.length === 1) {
    const only = parts[0]!;
    return [message({ ...head, ...clocks, ...(only.length > 0 || op === 'mcm' ? { [key]: only } : {}) })];
  }
  return parts.map((part, index) => {
    const last = index === parts.length - 1;
    const segmentType = index === 0 ? 'SEG_START' : last ? 'SEG_END' : 'SEG';
    return message({ ...head, ...(last ? clocks : {}), segmentType, [key]: part });
  });
}
