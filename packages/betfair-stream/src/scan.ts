import * as checks from './checks.ts';
import * as json from './json-cursor.ts';
import { deepFreeze, definitionProblem } from './market-state.ts';
import * as packed from './packed.ts';
import { TapeWriter } from './tape.ts';
import type { MarketDefinition } from './types.ts';

// Bound once: the loader may turn an imported binding into a getter called for every price.
const { JsonCursor, numberAt, numberEnd } = json;
type JsonCursor = json.JsonCursor;
const { OPEN_BRACE, CLOSE_BRACE, OPEN_BRACKET, CLOSE_BRACKET, COMMA, COLON } = json;
const { FIRST_LEVEL_FIELD, HAS_DEFINITION, HAS_LTP, HAS_TV, IMAGE, LADDER_FIELDS } = packed;
const { MARKET_HEADER, RUNNER_HEADER, PackedMarketChange } = packed;
type PackedMarketChange = packed.PackedMarketChange;
const { ladderHundredths, lastTradedProblem } = checks;
const MAX_LEVEL_HERE = checks.MAX_LEVEL;

const isSize = (size: number): boolean => size >= 0 && size !== Infinity;
const isLevel = (level: number): boolean => Number.isInteger(level) && level >= 0 && level <= MAX_LEVEL_HERE;

/** Top-level keys a market change message may carry besides op, pt, the clocks and mc: read, not kept. */
const PASSED_OVER = new Set(['id', 'ct', 'segmentType', 'heartbeatMs', 'conflateMs', 'status']);
/** A market change's keys and a runner change's, as bits: a ladder field's bit is 1 << its code. */
const MARKET_KEYS = new Map([
  ['id', 1],
  ['img', 2],
  ['con', 4],
  ['tv', 8],
  ['marketDefinition', 16],
  ['rc', 32],
]);
const RUNNER_ID = 1 << LADDER_FIELDS.length;
const RUNNER_HC = RUNNER_ID << 1;
const RUNNER_LTP = RUNNER_ID << 2;
const RUNNER_TV = RUNNER_ID << 3;
const RUNNER_KEYS = new Map<string, number>([
  ...LADDER_FIELDS.map((field, code): [string, number] => [field, 1 << code]),
  ['id', RUNNER_ID],
  ['hc', RUNNER_HC],
  ['ltp', RUNNER_LTP],
  ['tv', RUNNER_TV],
]);

/** Every line's tape is written by this one writer, into blocks shared by lines read one after another. */
const tapeWriter = new TapeWriter();

/**
 * The block the lines scanned so far on this thread were written into (their tapes are views of it),
 * never written again: later lines go into a new one of at least `doubles` numbers. A thread that
 * posts its lines elsewhere moves the block rather than copying their tapes out of it.
 */
export function takeTapeBlock(doubles: number): { block: Float64Array; used: number } {
  return tapeWriter.takeBlock(doubles);
}

/** What one line's scan collects: the tape (packed.ts) and the strings and objects it points into. */
class Packing {
  readonly tape = tapeWriter;
  readonly marketIds: string[] = [];
  readonly definitions: MarketDefinition[] = [];
  constructor(readonly cursor: JsonCursor) {}
}

/**
 * Reads a market change line in its usual shape straight into a `PackedMarketChange`, or answers null
 * for any other line, and for one with anything `parseLine` or `MarketCache.apply` would refuse or
 * report (a price off the ladder, a negative size, a key seen twice, an unknown key, a string with
 * escapes): those go the ordinary way, which says why. So a packed line folds exactly as its parsed
 * message would, without an object per price.
 */
export function scanMarketChangeLine(line: string): PackedMarketChange | null {
  const packing = new Packing(new JsonCursor(line));
  const cursor = packing.cursor;
  packing.tape.begin();
  if (!cursor.eat(OPEN_BRACE)) return null;
  const seen = new Set<string>();
  let op: string | null = null;
  let pt = NaN;
  let clk: string | null | undefined = null;
  let initialClk: string | null | undefined = null;
  let hasChanges = false;
  if (!cursor.eat(CLOSE_BRACE)) {
    do {
      const key = cursor.string();
      if (key === null || seen.has(key) || !cursor.eat(COLON)) return null;
      seen.add(key);
      let read: boolean;
      if (key === 'op') read = (op = cursor.string()) !== null;
      else if (key === 'pt') read = !Number.isNaN((pt = cursor.number()));
      else if (key === 'clk') read = (clk = cursor.stringOrNull()) !== undefined;
      else if (key === 'initialClk') read = (initialClk = cursor.stringOrNull()) !== undefined;
      else if (key === 'mc') read = hasChanges = list(packing, scanMarket);
      else read = PASSED_OVER.has(key) && cursor.scalar();
      if (!read) return null;
    } while (cursor.eat(COMMA));
    if (!cursor.eat(CLOSE_BRACE)) return null;
  }
  if (cursor.peek() !== -1 || op !== 'mcm' || !Number.isFinite(pt)) return null;
  const { tape, marketIds, definitions } = packing;
  // One typed array: folded without a check of each element's kind, and posted by a copy of its bytes.
  const packedTape = tape.finish();
  return new PackedMarketChange(
    pt,
    clk ?? undefined,
    initialClk ?? undefined,
    hasChanges,
    packedTape,
    marketIds,
    definitions,
  );
}

/**
 * An object's next key, as its bit in `keys`, and its colon; -1 for an unknown key or one seen before
 * in the object (JSON.parse would keep the last).
 */
function keyBit(cursor: JsonCursor, keys: ReadonlyMap<string, number>, seen: number): number {
  const key = cursor.string();
  const bit = key === null ? undefined : keys.get(key);
  if (bit === undefined || (seen & bit) !== 0 || !cursor.eat(COLON)) return -1;
  return bit;
}

/** A JSON list, each item read by `item`; false when any is not read. */
function list(packing: Packing, item: (packing: Packing) => boolean): boolean {
  const cursor = packing.cursor;
  if (!cursor.eat(OPEN_BRACKET)) return false;
  if (cursor.eat(CLOSE_BRACKET)) return true;
  do if (!item(packing)) return false;
  while (cursor.eat(COMMA));
  return cursor.eat(CLOSE_BRACKET);
}

function scanMarket(packing: Packing): boolean {
  const { cursor, tape } = packing;
  if (!cursor.eat(OPEN_BRACE)) return false;
  const head = tape.length;
  for (let slot = 0; slot < MARKET_HEADER; slot += 1) tape.push(0);
  let seen = 0;
  let id: string | null = null;
  let flags = 0;
  if (!cursor.eat(CLOSE_BRACE)) {
    do {
      const bit = keyBit(cursor, MARKET_KEYS, seen);
      if (bit === -1) return false;
      seen |= bit;
      if (bit === 1) {
        id = cursor.string();
        if (id === null) return false;
      } else if (bit === 2 || bit === 4) {
        const value = cursor.boolean();
        if (value === null) return false;
        if (bit === 2 && value) flags |= IMAGE;
      } else if (bit === 8) {
        const tv = cursor.number();
        if (!isSize(tv)) return false;
        tape.set(head + 2, tv);
        flags |= HAS_TV;
      } else if (bit === 16) {
        const definition = definitionOf(cursor);
        if (definition === null) return false;
        tape.set(head + 3, packing.definitions.push(definition) - 1);
        flags |= HAS_DEFINITION;
      } else if (!list(packing, scanRunner)) return false;
    } while (cursor.eat(COMMA));
    if (!cursor.eat(CLOSE_BRACE)) return false;
  }
  if (id === null) return false;
  tape.set(head, packing.marketIds.push(id) - 1);
  tape.set(head + 1, flags);
  tape.set(head + 4, tape.length);
  return true;
}

/** A definition that passes the cache's check, parsed and frozen as the cache would keep it. */
function definitionOf(cursor: JsonCursor): MarketDefinition | null {
  const text = cursor.objectText();
  if (text === null) return null;
  let definition: unknown;
  try {
    definition = JSON.parse(text);
  } catch {
    return null;
  }
  return definitionProblem(definition) === null ? deepFreeze(definition as MarketDefinition) : null;
}

function scanRunner(packing: Packing): boolean {
  const { cursor, tape } = packing;
  if (!cursor.eat(OPEN_BRACE)) return false;
  const head = tape.length;
  for (let slot = 0; slot < RUNNER_HEADER; slot += 1) tape.push(0);
  let seen = 0;
  let flags = 0;
  if (!cursor.eat(CLOSE_BRACE)) {
    do {
      const bit = keyBit(cursor, RUNNER_KEYS, seen);
      if (bit === -1) return false;
      seen |= bit;
      if (bit < RUNNER_ID) {
        if (!scanLadder(packing, 31 - Math.clz32(bit))) return false;
      } else if (bit === RUNNER_ID) {
        const id = cursor.number();
        if (Number.isNaN(id)) return false;
        tape.set(head, id);
      } else if (bit === RUNNER_HC) {
        const hc = cursor.number();
        if (Number.isNaN(hc)) return false;
        tape.set(head + 1, Number.isFinite(hc) ? hc : 0);
      } else if (bit === RUNNER_LTP) {
        const ltp = cursor.number();
        if (lastTradedProblem(ltp) !== null) return false;
        tape.set(head + 3, ltp);
        flags |= HAS_LTP;
      } else {
        const tv = cursor.number();
        if (!isSize(tv)) return false;
        tape.set(head + 4, tv);
        flags |= HAS_TV;
      }
    } while (cursor.eat(COMMA));
    if (!cursor.eat(CLOSE_BRACE)) return false;
  }
  if ((seen & RUNNER_ID) === 0) return false;
  tape.set(head + 2, flags);
  tape.set(head + 5, tape.length);
  return true;
}

/** A ladder field's entries onto the tape, each checked as the cache checks it. */
function scanLadder(packing: Packing, code: number): boolean {
  const { cursor, tape } = packing;
  if (!cursor.eat(OPEN_BRACKET)) return false;
  tape.push(code);
  tape.push(0);
  const countAt = tape.length - 1;
  if (cursor.eat(CLOSE_BRACKET)) return true;
  const text = cursor.text;
  const end =
    code >= FIRST_LEVEL_FIELD ? levelEntries(text, cursor.at, tape) : priceEntries(text, cursor.at, tape);
  if (end < 0) return false;
  tape.set(countAt, (tape.length - countAt - 1) / (code >= FIRST_LEVEL_FIELD ? 3 : 2));
  cursor.at = end;
  return true;
}

/**
 * `[price, size]` entries up to the list's closing bracket, read in one loop (this is most of a line);
 * the index past the bracket, or -1 for anything else, whitespace included (a line on the wire has none).
 */
function priceEntries(text: string, start: number, tape: TapeWriter): number {
  let at = start;
  for (;;) {
    if (text.charCodeAt(at) !== OPEN_BRACKET) return -1;
    const price = numberAt(text, at + 1);
    at = numberEnd[0]!;
    if (text.charCodeAt(at) !== COMMA) return -1;
    const size = numberAt(text, at + 1);
    at = numberEnd[0]!;
    if (text.charCodeAt(at) !== CLOSE_BRACKET || Number.isNaN(price) || !isSize(size)) return -1;
    const hundredths = ladderHundredths(price);
    if (hundredths === null && size !== 0) return -1;
    // One value a push: V8 inlines a push of one argument, not of several.
    tape.push(hundredths ?? -1);
    tape.push(size);
    const next = text.charCodeAt(at + 1);
    at += 2;
    if (next === CLOSE_BRACKET) return at;
    if (next !== COMMA) return -1;
  }
}

/** `[level, price, size]` entries, as `priceEntries` reads prices. */
function levelEntries(text: string, start: number, tape: TapeWriter): number {
  let at = start;
  for (;;) {
    if (text.charCodeAt(at) !== OPEN_BRACKET) return -1;
    const level = numberAt(text, at + 1);
    at = numberEnd[0]!;
    if (text.charCodeAt(at) !== COMMA) return -1;
    const price = numberAt(text, at + 1);
    at = numberEnd[0]!;
    if (text.charCodeAt(at) !== COMMA) return -1;
    const size = numberAt(text, at + 1);
    at = numberEnd[0]!;
    if (text.charCodeAt(at) !== CLOSE_BRACKET) return -1;
    if (!isLevel(level) || Number.isNaN(price) || !isSize(size)) return -1;
    if (size !== 0 && ladderHundredths(price) === null) return -1;
    tape.push(level);
    tape.push(price);
    tape.push(size);
    const next = text.charCodeAt(at + 1);
    at += 2;
    if (next === CLOSE_BRACKET) return at;
    if (next !== COMMA) return -1;
  }
}
