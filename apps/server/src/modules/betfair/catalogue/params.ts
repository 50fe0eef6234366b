import { isJsonObject, type JsonObject } from '../api-ng/json.ts';
import { ApiNgError, type ApiNgParams } from '../api-ng/operation.ts';
import { parseBfMarketId, parseBfNumber } from '../ids.ts';

/**
 * A MarketFilter as the catalogue queries it: Betfair's numbers as bigint, dates as instants. Keys the
 * catalogue has no data for (venues, countries, bsp, race types) are accepted and change nothing, as a
 * Betfair filter on an attribute no market has would (Betfair's own markets have no BSP here either).
 */
export type MarketFilter = {
  eventTypeIds: bigint[] | null;
  eventIds: bigint[] | null;
  competitionIds: bigint[] | null;
  marketIds: bigint[] | null;
  marketTypeCodes: string[] | null;
  inPlayOnly: boolean | null;
  turnInPlayEnabled: boolean | null;
  from: Date | null;
  to: Date | null;
  /** A case-insensitive LIKE pattern, `*` as Betfair's wildcard. */
  textPattern: string | null;
};

/** Largest maxResults Betfair takes (listMarketCatalogue). */
export const MAX_RESULTS_LIMIT = 1000;

export const invalid = (message: string) => new ApiNgError('INVALID_INPUT_DATA', message);

export function readFilter(params: ApiNgParams, required = true): MarketFilter {
  const raw = params.filter;
  if (raw === undefined && !required) return emptyFilter();
  if (!isJsonObject(raw)) throw invalid('filter is required and must be a MarketFilter object.');
  const time = raw.marketStartTime;
  if (time !== undefined && !isJsonObject(time)) throw invalid('marketStartTime must be a TimeRange object.');
  return {
    eventTypeIds: idList(raw, 'eventTypeIds', parseBfNumber),
    eventIds: idList(raw, 'eventIds', parseBfNumber),
    competitionIds: idList(raw, 'competitionIds', parseBfNumber),
    marketIds: idList(raw, 'marketIds', parseBfMarketId),
    marketTypeCodes: stringList(raw, 'marketTypeCodes'),
    inPlayOnly: flag(raw, 'inPlayOnly'),
    turnInPlayEnabled: flag(raw, 'turnInPlayEnabled'),
    from: time ? instant(time.from, 'marketStartTime.from') : null,
    to: time ? instant(time.to, 'marketStartTime.to') : null,
    textPattern: textPattern(raw.textQuery),
  };
}

const emptyFilter = (): MarketFilter => ({
  eventTypeIds: null,
  eventIds: null,
  competitionIds: null,
  marketIds: null,
  marketTypeCodes: null,
  inPlayOnly: null,
  turnInPlayEnabled: null,
  from: null,
  to: null,
  textPattern: null,
});

/** `maxResults`: an integer 1..1000, required where Betfair requires it. */
export function readMaxResults(params: ApiNgParams): number {
  const value = params.maxResults;
  if (value === undefined) throw invalid('maxResults is required.');
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > MAX_RESULTS_LIMIT) {
    throw invalid(`maxResults must be an integer from 1 to ${MAX_RESULTS_LIMIT}.`);
  }
  return value;
}

/** A set of enum names (marketProjection, priceData): unknown names are refused as Betfair does. */
export function readEnumSet<T extends string>(value: unknown, name: string, allowed: readonly T[]): Set<T> {
  if (value === undefined) return new Set();
  if (!Array.isArray(value)) throw invalid(`${name} must be a list.`);
  for (const item of value) {
    if (typeof item !== 'string' || !allowed.includes(item as T))
      throw invalid(`${name}: unknown value ${String(item)}.`);
  }
  return new Set(value as T[]);
}

export function readEnum<T extends string>(value: unknown, name: string, allowed: readonly T[]): T | null {
  if (value === undefined) return null;
  if (typeof value !== 'string' || !allowed.includes(value as T))
    throw invalid(`${name}: unknown value ${String(value)}.`);
  return value as T;
}

function idList(raw: JsonObject, key: string, parse: (id: unknown) => bigint | null): bigint[] | null {
  const value = raw[key];
  if (value === undefined) return null;
  if (!Array.isArray(value)) throw invalid(`${key} must be a list.`);
  return value.map((item) => {
    const id = parse(item);
    if (id === null) throw invalid(`${key}: ${JSON.stringify(item)} is not a valid id.`);
    return id;
  });
}

function stringList(raw: JsonObject, key: string): string[] | null {
  const value = raw[key];
  if (value === undefined) return null;
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'string')) {
    throw invalid(`${key} must be a list of strings.`);
  }
  return value as string[];
}

function flag(raw: JsonObject, key: string): boolean | null {
  const value = raw[key];
  if (value === undefined) return null;
  if (typeof value !== 'boolean') throw invalid(`${key} must be true or false.`);
  return value;
}

// Betfair's own form, and what a client's datetime.isoformat() sends: a date, an optional time with any
// fraction, an optional zone (none means UTC: a server never reads a client's local time).
const INSTANT = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2})(?::(\d{2})(?:\.(\d+))?)?)?(Z|[+-]\d{2}:?\d{2})?$/;

export function instant(value: unknown, name: string): Date | null {
  if (value === undefined) return null;
  const match = typeof value === 'string' ? INSTANT.exec(value) : null;
  if (!match) throw invalid(`${name} must be a date and time such as 2026-01-31T12:00:00.000Z.`);
  const [, date, hm = '00:00', seconds = '00', fraction = '', zone = 'Z'] = match;
  const offset = zone === 'Z' ? 'Z' : `${zone.slice(0, 3)}:${zone.slice(-2)}`;
  const parsed = new Date(`${date}T${hm}:${seconds}.${fraction.padEnd(3, '0').slice(0, 3)}${offset}`);
  if (Number.isNaN(parsed.getTime())) throw invalid(`${name} is not a valid date.`);
  return parsed;
}

/** textQuery as a LIKE pattern: its own `%`, `_` and `\` literal, `*` a wildcard. */
function textPattern(value: unknown): string | null {
  if (value === undefined) return null;
  if (typeof value !== 'string') throw invalid('textQuery must be text.');
  const trimmed = value.trim();
  if (trimmed === '') return null;
  return `%${trimmed.replace(/[\\%_]/g, (c) => `\\${c}`).replaceAll('*', '%')}%`;
}
