import type { JsonMessage } from './options.ts';

/** What a segmented image may hold at most, joined: beyond it the connection is dropped, not the memory. */
export const MAX_SEGMENTED_BYTES = 256 * 1024 * 1024;

/** The stream broke its segment order (a SEG without SEG_START, or a SEG_START inside one). */
export class SegmentOrderError extends Error {}

/**
 * Joins a segmented message (SEG_START, SEG…, SEG_END) into one: the changes (`mc`, or `oc`) of every
 * part in order, the other fields as the parts carry them (the clocks come on SEG_END), no
 * `segmentType`. A message without `segmentType` passes through whole.
 */
export class SegmentJoiner {
  #parts: JsonMessage[] | undefined;
  #bytes = 0;

  constructor(readonly maxBytes = MAX_SEGMENTED_BYTES) {}

  /** The whole message once `message` completes one; undefined while parts are awaited. */
  push(message: JsonMessage, lineBytes: number): JsonMessage | undefined {
    const type = message.segmentType;
    if (type === undefined) {
      if (this.#parts) throw new SegmentOrderError('A whole message came inside a segmented one.');
      return message;
    }
    if (type === 'SEG_START') {
      if (this.#parts) throw new SegmentOrderError('SEG_START came inside a segmented message.');
      this.#parts = [];
      this.#bytes = 0;
    } else if (!this.#parts) throw new SegmentOrderError(`${String(type)} came without SEG_START.`);
    this.#bytes += lineBytes;
    if (this.#bytes > this.maxBytes)
      throw new SegmentOrderError(`A segmented message passed ${this.maxBytes} bytes.`);
    this.#parts.push(message);
    if (type !== 'SEG_END') return undefined;
    const parts = this.#parts;
    this.#parts = undefined;
    return joinParts(parts);
  }
}

function joinParts(parts: readonly JsonMessage[]): JsonMessage {
  const joined: JsonMessage = Object.assign({}, ...parts);
  delete joined.segmentType;
  for (const key of ['mc', 'oc']) {
    const changes = parts.flatMap((part) => (Array.isArray(part[key]) ? (part[key] as unknown[]) : []));
    if (parts.some((part) => key in part)) joined[key] = changes;
  }
  return joined;
}
