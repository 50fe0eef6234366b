import type { PackedMarketChange } from './packed.ts';
import { scanMarketChangeLine } from './scan.ts';
import type { CcmMessage, McmMessage, StreamMessage } from './types.ts';

export type ParsedLine =
  { kind: 'message'; message: StreamMessage } | { kind: 'blank' } | { kind: 'error'; message: string };

/** How much of a bad line an error quotes, so a 4 MiB line of noise does not flood a log. */
const QUOTE_CHARS = 80;

/**
 * Reads one line of a stream or recording. Never throws. The shape is checked only as far as folding
 * needs (an object; an mcm's `mc` and a ccm's `cc` are arrays; `pt` a number); the numbers inside the
 * changes are checked by `MarketCache.apply`, which drops just the offending change, not the line.
 * A message with a missing or unknown op is a message: the cache skips it.
 */
export function parseLine(line: string): ParsedLine {
  const text = line.trim();
  if (text === '') return { kind: 'blank' };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { kind: 'error', message: `not JSON: ${quote(text)}` };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { kind: 'error', message: `not a JSON object: ${quote(text)}` };
  }
  const record = value as Record<string, unknown>;
  const problem = shapeProblem(record);
  if (problem !== null) return { kind: 'error', message: problem };
  if (typeof record.op !== 'string') return { kind: 'message', message: { ...record, op: '' } };
  return { kind: 'message', message: record as StreamMessage };
}

/** A line as `parseLine` reads it, or a market change packed for `MarketCache.apply`. */
export type FoldLine = ParsedLine | { kind: 'packed'; message: PackedMarketChange };

/**
 * Reads a line to be folded: a market change in its usual shape is packed (scan.ts), which costs a
 * fraction of `JSON.parse` and folds the same; any other line, or one with a part the cache would
 * drop, is read by `parseLine`.
 */
export function parseLineToFold(line: string): FoldLine {
  const packed = scanMarketChangeLine(line);
  return packed === null ? parseLine(line) : { kind: 'packed', message: packed };
}

function shapeProblem(record: Record<string, unknown>): string | null {
  if (record.op === 'mcm') return changeListProblem(record, 'mc');
  if (record.op === 'ccm') return changeListProblem(record, 'cc');
  return null;
}

function changeListProblem(record: Record<string, unknown>, listKey: 'mc' | 'cc'): string | null {
  const op = record.op as string;
  if (typeof record.pt !== 'number' || !Number.isFinite(record.pt)) return `${op} without a numeric pt`;
  const list = record[listKey];
  if (list !== undefined && !Array.isArray(list)) return `${op} with a ${listKey} that is not an array`;
  if (record.clk !== undefined && record.clk !== null && typeof record.clk !== 'string') {
    return `${op} with a clk that is not text`;
  }
  return null;
}

function quote(text: string): string {
  return JSON.stringify(text.length > QUOTE_CHARS ? `${text.slice(0, QUOTE_CHARS)}…` : text);
}

export function isMarketChangeMessage(message: StreamMessage): message is McmMessage {
  return message.op === 'mcm';
}

export function isCricketChangeMessage(message: StreamMessage): message is CcmMessage {
  return message.op === 'ccm';
}
