import { PackedMarketChange } from '@backlay/betfair-stream';
import type { ReplayLine } from './replay-lines.ts';

/** One step of a replay's series: a line, or a file that could not be read. */
export type ReplayEvent = { line: ReplayLine } | { fileId: string; message: string };

/** A packed line as posted: its numbers are a slice of the batch's one tape. */
type WirePacked = Omit<ReplayLine, 'parsed'> &
  Omit<PackedMarketChange, 'op' | 'tape'> & { start: number; end: number };

type WireEvent = ReplayEvent | { packed: WirePacked };

/** A batch as the worker posts it: the packed lines' numbers in one typed array, moved, not copied. */
export type WireBatch = { events: WireEvent[]; tape: Float64Array; done: boolean };

/**
 * A batch of the series for `postMessage`, with the buffer to transfer. A clone of one typed array
 * and flat records costs the receiving thread about half of one typed array and object per line.
 * Given the block its lines' tapes were scanned into (`takeTapeBlock`, no longer written), the block
 * itself is moved when it holds them all: no new buffer and no copy for the batch.
 */
export function toWire(
  events: readonly ReplayEvent[],
  done: boolean,
  block?: Float64Array,
): [WireBatch, ArrayBuffer[]] {
  let length = 0;
  let moved = block !== undefined;
  for (const event of events)
    if ('line' in event && event.line.parsed.kind === 'packed') {
      length += event.line.parsed.message.tape.length;
      moved &&= event.line.parsed.message.tape.buffer === block!.buffer;
    }
  const tape = moved ? block! : new Float64Array(length);
  let at = 0;
  const wire: WireEvent[] = [];
  for (const event of events) {
    if (!('line' in event) || event.line.parsed.kind !== 'packed') {
      wire.push(event);
      continue;
    }
    // Field by field: a rest or spread copy of each line and message cost more than the clone.
    const line = event.line;
    const message = event.line.parsed.message;
    let start = at;
    if (moved) start = (message.tape.byteOffset - tape.byteOffset) / Float64Array.BYTES_PER_ELEMENT;
    else tape.set(message.tape, start);
    at = start + message.tape.length;
    const packed: WirePacked = {
      fileIndex: line.fileIndex,
      fileId: line.fileId,
      lineNumber: line.lineNumber,
      pt: message.pt,
      clk: message.clk,
      initialClk: message.initialClk,
      hasChanges: message.hasChanges,
      marketIds: message.marketIds,
      definitions: message.definitions,
      start,
      end: at,
    };
    if (line.sportsData) packed.sportsData = true;
    wire.push({ packed });
  }
  return [{ events: wire, tape, done }, [tape.buffer as ArrayBuffer]];
}

/**
 * The series again from a posted batch: packed lines rebuilt, their definitions frozen again. Written
 * out field by field: a spread or rest copy here would cost what the flat records save.
 */
export function fromWire(batch: WireBatch): ReplayEvent[] {
  const events: ReplayEvent[] = [];
  for (const event of batch.events) {
    if (!('packed' in event)) {
      events.push(event);
      continue;
    }
    const wire = event.packed;
    const message = PackedMarketChange.revive({
      pt: wire.pt,
      clk: wire.clk,
      initialClk: wire.initialClk,
      hasChanges: wire.hasChanges,
      tape: batch.tape.subarray(wire.start, wire.end),
      marketIds: wire.marketIds,
      definitions: wire.definitions,
    });
    const line: ReplayLine = {
      fileIndex: wire.fileIndex,
      fileId: wire.fileId,
      lineNumber: wire.lineNumber,
      parsed: { kind: 'packed', message },
      pt: wire.pt,
    };
    if (wire.sportsData) line.sportsData = true;
    events.push({ line });
  }
  return events;
}
