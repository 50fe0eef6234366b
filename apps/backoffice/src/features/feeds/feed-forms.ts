import {
  FEED_FILE_MAX_BYTES,
  feedSettleFromSchema,
  type Feed,
  type FeedSettleFrom,
  type ReplayFeedBody,
  type StreamFeedBody,
  type StreamFeedFilter,
} from '@backlay/contracts';

/** A replay runs from real time up to ten thousand times faster. */
export const MIN_SPEED = 1;
export const MAX_SPEED = 10_000;

/** What a form field held, trimmed; empty and missing read alike. */
export type FieldReader = (name: string) => string;

export const fieldReader =
  (data: FormData): FieldReader =>
  (name) =>
    String(data.get(name) ?? '').trim();

/** A form's refusal before anything is sent, in words the operator can act on. */
export class FormRefusal extends Error {}

/**
 * A `datetime-local` value (the browser's time zone) as epoch milliseconds, the clock of the stream's
 * publish times; undefined when empty.
 */
export function dateTimeToMs(value: string): number | undefined {
  if (value === '') return undefined;
  const ms = new Date(value).getTime();
  if (Number.isNaN(ms)) throw new FormRefusal(`"${value}" is not a date and time.`);
  return ms;
}

/** A whole number within bounds, or undefined when the field is empty. */
export function wholeNumber(value: string, label: string, min: number, max: number): number | undefined {
  if (value === '') return undefined;
  const number = Number(value);
  if (!Number.isInteger(number) || number < min || number > max) {
    throw new FormRefusal(`${label} must be a whole number from ${min} to ${max}.`);
  }
  return number;
}

export function speedOf(value: string): number {
  const speed = Number(value);
  if (!Number.isFinite(speed) || speed < MIN_SPEED || speed > MAX_SPEED) {
    throw new FormRefusal(`Speed must be from ${MIN_SPEED}× to ${MAX_SPEED.toLocaleString('en-GB')}×.`);
  }
  return speed;
}

/** `a, b c` → `['a', 'b', 'c']`; undefined when there is none. */
export function listOf(value: string): string[] | undefined {
  const items = value.split(/[\s,]+/).filter(Boolean);
  return items.length > 0 ? items : undefined;
}

/** Who settles the feed's markets; the server's default (the source) when the field is empty. */
export function settleFromOf(value: string): FeedSettleFrom | undefined {
  if (value === '') return undefined;
  const parsed = feedSettleFromSchema.safeParse(value);
  if (!parsed.success) throw new FormRefusal(`"${value}" is not a way to settle.`);
  return parsed.data;
}

/** The body of a replay of the chosen files. */
export function replayBody(fileIds: readonly string[], field: FieldReader): ReplayFeedBody {
  if (fileIds.length === 0) throw new FormRefusal('Choose at least one uploaded file to replay.');
  const maxGapMs = wholeNumber(field('maxGapMs'), 'Max gap', 0, 86_400_000);
  const until = dateTimeToMs(field('until'));
  const settleFrom = settleFromOf(field('settleFrom'));
  return {
    kind: 'replay',
    fileIds: [...fileIds],
    speed: speedOf(field('speed')),
    ...(maxGapMs === undefined ? {} : { maxGapMs }),
    ...(until === undefined ? {} : { until }),
    ...(settleFrom === undefined ? {} : { settleFrom }),
  };
}

function streamFilter(field: FieldReader): StreamFeedFilter {
  const filter: StreamFeedFilter = {};
  for (const key of ['marketIds', 'eventTypeIds', 'eventIds', 'marketTypes', 'countryCodes'] as const) {
    const list = listOf(key === 'countryCodes' ? field(key).toUpperCase() : field(key));
    if (list) filter[key] = list;
  }
  if (Object.keys(filter).length === 0) {
    throw new FormRefusal(
      'Give at least one filter (market ids, event types, events, market types or countries).',
    );
  }
  return filter;
}

function streamAuth(field: FieldReader): Pick<StreamFeedBody, 'session' | 'login'> {
  const session = field('session');
  if (session) return { session };
  const login = {
    identityUrl: field('identityUrl'),
    username: field('username'),
    password: field('password'),
  };
  if (login.identityUrl && login.username && login.password) return { login };
  throw new FormRefusal('Give a session token, or an identity URL, username and password to log in with.');
}

function streamTls(field: FieldReader, verify: boolean): StreamFeedBody['tls'] {
  const ca = field('ca');
  if (!ca && verify) return undefined;
  return { ...(ca ? { ca } : {}), ...(verify ? {} : { rejectUnauthorized: false }) };
}

/** The body of a live Exchange Stream connection; `verify` is whether the server's certificate is checked. */
export function streamBody(field: FieldReader, verify: boolean): StreamFeedBody {
  const host = field('host');
  const appKey = field('appKey');
  if (!host) throw new FormRefusal('Give the stream host.');
  if (!appKey) throw new FormRefusal('Give the app key.');
  const port = wholeNumber(field('port'), 'Port', 1, 65_535) ?? 443;
  const fields = listOf(field('fields'));
  const ladderLevels = wholeNumber(field('ladderLevels'), 'Ladder levels', 1, 10);
  const conflateMs = wholeNumber(field('conflateMs'), 'Conflation', 0, 120_000);
  const tls = streamTls(field, verify);
  const settleFrom = settleFromOf(field('settleFrom'));
  return {
    kind: 'stream',
    host,
    port,
    appKey,
    ...streamAuth(field),
    ...(tls ? { tls } : {}),
    filter: streamFilter(field),
    ...(fields ? { fields } : {}),
    ...(ladderLevels === undefined ? {} : { ladderLevels }),
    ...(conflateMs === undefined ? {} : { conflateMs }),
    ...(settleFrom === undefined ? {} : { settleFrom }),
  };
}

const KIB = 1024;

/** Why a file is refused before it is sent (the server refuses the same with 413); null when it may go. */
export function uploadRefusal(bytes: number): string | null {
  return bytes > FEED_FILE_MAX_BYTES
    ? `The file is ${bytesText(bytes)}; the largest upload is ${bytesText(FEED_FILE_MAX_BYTES)}.`
    : null;
}

/** A file's size as people read it: `812 B`, `386.2 KiB`, `12.4 MiB`. */
export function bytesText(bytes: number): string {
  if (bytes < KIB) return `${bytes} B`;
  if (bytes < KIB * KIB) return `${(bytes / KIB).toFixed(1)} KiB`;
  return `${(bytes / KIB / KIB).toFixed(1)} MiB`;
}

export const FILE_KIND_TEXT = {
  stream: 'Stream recording',
  catalogue: 'Catalogue',
  'sports-data': 'Sports data',
} as const;

/** How far behind the source the feed is: `40 ms`, `3.2 s`, `5 min`. */
export function lagText(lagMs: number | null): string {
  if (lagMs === null) return '–';
  if (lagMs < 1000) return `${Math.round(lagMs)} ms`;
  if (lagMs < 60_000) return `${(lagMs / 1000).toFixed(1)} s`;
  return `${Math.round(lagMs / 60_000)} min`;
}

/** Whole percent of a replay's progress, held to 0–100. */
export const progressPercent = (progress: number): number =>
  Math.round(Math.min(1, Math.max(0, progress)) * 100);

/** A feed that can still change: paused or running. */
export const isLive = (feed: Pick<Feed, 'state'>): boolean =>
  feed.state === 'running' || feed.state === 'paused';
