/** One listMarketCatalogue entry, as Betfair's API-NG answers it and recorders save it. */
export interface CatalogueEntry {
  marketId: string;
  marketName: string;
  marketStartTime?: string;
  totalMatched?: number;
  description?: CatalogueDescription;
  event?: {
    id: string;
    name: string;
    countryCode?: string;
    venue?: string;
    timezone?: string;
    openDate?: string;
  };
  eventType?: { id: string; name: string };
  competition?: { id: string; name: string };
  runners: CatalogueRunner[];
}

export interface CatalogueDescription {
  marketType?: string;
  marketTime?: string;
  suspendTime?: string;
  bettingType?: string;
  bspMarket?: boolean;
  turnInPlayEnabled?: boolean;
  persistenceEnabled?: boolean;
  marketBaseRate?: number;
  rules?: string;
  [other: string]: unknown;
}

export interface CatalogueRunner {
  selectionId: number;
  runnerName: string;
  sortPriority: number;
  handicap?: number;
  metadata?: Record<string, string>;
}

/** A catalogue that cannot be read, with the reason in words (for a 4xx answer). */
export class CatalogueFormatError extends Error {
  override name = 'CatalogueFormatError';
}

/**
 * Reads listMarketCatalogue entries: one JSON object, an array of them, or one object a line (as
 * recorders append them). Throws `CatalogueFormatError` naming the first entry that is not one.
 */
export function parseCatalogue(text: string): CatalogueEntry[] {
  return parseEntries(text.replace(/^\ufeff/, '')).map(readEntry);
}

function parseEntries(text: string): unknown[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value : [value];
  } catch {
    const lines = text.split('\n').filter((line) => line.trim() !== '');
    return lines.map((line, index) => {
      try {
        return JSON.parse(line) as unknown;
      } catch {
        throw new CatalogueFormatError(`catalogue line ${index + 1} is not JSON`);
      }
    });
  }
}

function readEntry(value: unknown, index: number): CatalogueEntry {
  const where = `catalogue entry ${index + 1}`;
  const entry = asRecord(value, where);
  const marketId = text(entry.marketId, `${where} marketId`);
  const marketName = text(entry.marketName, `${where} marketName`);
  if (!Array.isArray(entry.runners)) throw new CatalogueFormatError(`${where} has no runners list`);
  const result: CatalogueEntry = {
    marketId,
    marketName,
    runners: entry.runners.map((runner: unknown, at: number) =>
      readRunner(runner, `${where} runner ${at + 1}`),
    ),
  };
  if (typeof entry.marketStartTime === 'string') result.marketStartTime = entry.marketStartTime;
  if (typeof entry.totalMatched === 'number') result.totalMatched = entry.totalMatched;
  if (isRecord(entry.description)) result.description = entry.description as CatalogueDescription;
  const event = idAndName(entry.event, `${where} event`);
  if (event !== undefined) result.event = { ...pickText(entry.event, EVENT_TEXT_FIELDS), ...event };
  const eventType = idAndName(entry.eventType, `${where} eventType`);
  if (eventType !== undefined) result.eventType = eventType;
  const competition = idAndName(entry.competition, `${where} competition`);
  if (competition !== undefined) result.competition = competition;
  return result;
}

const EVENT_TEXT_FIELDS = ['countryCode', 'venue', 'timezone', 'openDate'] as const;

function readRunner(value: unknown, where: string): CatalogueRunner {
  const runner = asRecord(value, where);
  if (typeof runner.selectionId !== 'number')
    throw new CatalogueFormatError(`${where} has no numeric selectionId`);
  const result: CatalogueRunner = {
    selectionId: runner.selectionId,
    runnerName: text(runner.runnerName, `${where} runnerName`),
    sortPriority: typeof runner.sortPriority === 'number' ? runner.sortPriority : 0,
  };
  if (typeof runner.handicap === 'number') result.handicap = runner.handicap;
  if (isRecord(runner.metadata)) result.metadata = pickText(runner.metadata, Object.keys(runner.metadata));
  return result;
}

function idAndName(value: unknown, where: string): { id: string; name: string } | undefined {
  if (value === undefined || value === null) return undefined;
  const record = asRecord(value, where);
  return { id: text(record.id, `${where} id`), name: text(record.name, `${where} name`) };
}

function pickText(value: unknown, keys: readonly string[]): Record<string, string> {
  const picked: Record<string, string> = {};
  for (const key of keys) {
    const field = (value as Record<string, unknown>)[key];
    if (typeof field === 'string') picked[key] = field;
  }
  return picked;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function asRecord(value: unknown, where: string): Record<string, unknown> {
  if (!isRecord(value)) throw new CatalogueFormatError(`${where} is not an object`);
  return value;
}

function text(value: unknown, where: string): string {
  if (typeof value !== 'string' || value === '') throw new CatalogueFormatError(`${where} is not text`);
  return value;
}
