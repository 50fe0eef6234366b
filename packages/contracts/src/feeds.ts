import { z } from 'zod';
import { idSchemaFor } from './ids.ts';

// The players' half (the source book) lives apart, so the match page builds none of the operator's schemas.
export * from './source-book.ts';

/**
 * Feeds (docs/feeds.md): Betfair Exchange Stream recordings replayed, or live streams, mirrored into the
 * portal's events and exchange markets. Operator API under `/api/admin/feed-files` and `/api/admin/feeds`;
 * the players' `GET /api/markets/:id/source` and the stream's `source` topic show the source's own book.
 */

/** What an uploaded file holds, recognised from its content. */
export const FEED_FILE_KINDS = ['stream', 'catalogue', 'sports-data'] as const;
export const feedFileKindSchema = z.enum(FEED_FILE_KINDS);
export type FeedFileKind = z.infer<typeof feedFileKindSchema>;

export const feedFileSchema = z.object({
  id: z.string(),
  name: z.string(),
  bytes: z.number().int().nonnegative(),
  kind: feedFileKindSchema,
});
export type FeedFile = z.infer<typeof feedFileSchema>;
/** `POST /api/admin/feed-files` (multipart, field `file`, at most 200 MB) answers 201 with it. */
export const feedFileUploadedSchema = z.object({ file: feedFileSchema });
export type FeedFileUploaded = z.infer<typeof feedFileUploadedSchema>;

/** `GET /api/admin/feed-files?cursor=&limit=`: the stored files, newest first, paged by `next`. */
export const feedFilesQuerySchema = z.strictObject({
  cursor: z
    .string()
    .regex(/^\d{1,18}_[0-9a-f-]{36}$/, 'cursor must be the `next` of a previous page')
    .optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type FeedFilesQuery = z.infer<typeof feedFilesQuerySchema>;
export const storedFeedFileSchema = feedFileSchema.extend({ uploadedAt: z.string() });
export type StoredFeedFile = z.infer<typeof storedFeedFileSchema>;
export const feedFilesPageSchema = z.object({
  items: z.array(storedFeedFileSchema),
  next: z.string().nullable(),
});
export type FeedFilesPage = z.infer<typeof feedFilesPageSchema>;

/** The largest upload, in bytes (200 MB). */
export const FEED_FILE_MAX_BYTES = 200 * 1024 * 1024;

/** Who settles a mirrored market: the source's result at once, or a trader's confirmation of it. */
export const feedSettleFromSchema = z.enum(['source', 'trader']);
export type FeedSettleFrom = z.infer<typeof feedSettleFromSchema>;

/** Replay pace: 1 is real time, 10,000 the fastest. */
export const feedSpeedSchema = z.number().min(1).max(10_000);
/** A publish time in ms since the epoch: the replay applies every line published at or before it, then pauses. */
export const feedUntilSchema = z.number().int().nonnegative();

const feedFileIdSchema = idSchemaFor('a feed file id');

export const replayFeedBodySchema = z.strictObject({
  kind: z.literal('replay'),
  /** Stream files are replayed in this order; catalogue and sports-data files name their markets. */
  fileIds: z.array(feedFileIdSchema).min(1).max(50),
  speed: feedSpeedSchema,
  /** The longest wait between two lines, in ms of the source's time (idle gaps are cut to it). */
  maxGapMs: z.number().int().nonnegative().max(86_400_000).optional(),
  until: feedUntilSchema.optional(),
  settleFrom: feedSettleFromSchema.optional(),
});
export type ReplayFeedBody = z.infer<typeof replayFeedBodySchema>;

/** A control character has no place in a host, key, credential or id (and PostgreSQL refuses NUL). */
const NO_CONTROL = [/^[^\p{Cc}]*$/u, 'must not contain control characters'] as const;
const lineOf = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .regex(...NO_CONTROL);

const idList = z.array(lineOf(40)).max(1000);

export const streamFeedFilterSchema = z.strictObject({
  marketIds: idList.optional(),
  eventTypeIds: idList.optional(),
  eventIds: idList.optional(),
  marketTypes: idList.optional(),
  countryCodes: z
    .array(z.string().regex(/^[A-Z]{2}$/, 'must be a country code'))
    .max(300)
    .optional(),
});
export type StreamFeedFilter = z.infer<typeof streamFeedFilterSchema>;

export const streamFeedBodySchema = z
  .strictObject({
    kind: z.literal('stream'),
    host: lineOf(253),
    port: z.number().int().min(1).max(65_535),
    appKey: lineOf(200),
    /** A session token; or `login`, to obtain one. */
    session: lineOf(500).optional(),
    login: z
      .strictObject({
        identityUrl: z.url(),
        username: z
          .string()
          .min(1)
          .max(200)
          .regex(...NO_CONTROL),
        password: z
          .string()
          .min(1)
          .max(200)
          .regex(...NO_CONTROL),
      })
      .optional(),
    tls: z
      .strictObject({
        /** PEM text of the certificate authority to trust. */
        ca: z.string().min(1).max(100_000).optional(),
        rejectUnauthorized: z.boolean().optional(),
      })
      .optional(),
    filter: streamFeedFilterSchema,
    /** Betfair's `marketDataFilter.fields`, e.g. `EX_BEST_OFFERS`, `EX_MARKET_DEF`. */
    fields: z
      .array(z.string().regex(/^[A-Z_]{1,40}$/, 'must be a field name'))
      .max(20)
      .optional(),
    ladderLevels: z.number().int().min(1).max(10).optional(),
    conflateMs: z.number().int().nonnegative().max(120_000).optional(),
    settleFrom: feedSettleFromSchema.optional(),
  })
  .refine((body) => body.session !== undefined || body.login !== undefined, {
    message: 'needs session or login',
    path: ['session'],
  });
export type StreamFeedBody = z.infer<typeof streamFeedBodySchema>;

/** `POST /api/admin/feeds`: answers 201 `{feed}`. */
export const createFeedBodySchema = z.union([replayFeedBodySchema, streamFeedBodySchema]);
export type CreateFeedBody = z.infer<typeof createFeedBodySchema>;

export const FEED_STATES = ['running', 'paused', 'finished', 'stopped', 'failed'] as const;
export const feedStateSchema = z.enum(FEED_STATES);
export type FeedState = z.infer<typeof feedStateSchema>;

export const feedMarketSchema = z.object({
  sourceMarketId: z.string(),
  /** The portal's market and event (`GET /api/markets/:id`). */
  marketId: z.string(),
  eventId: z.string(),
  /** The portal market's status (OPEN, SUSPENDED, CLOSED, SETTLED, VOID). */
  status: z.string(),
  /** The source closed it with a result a trader has yet to confirm (`settleFrom: 'trader'`). */
  resultPending: z.boolean(),
});
export type FeedMarket = z.infer<typeof feedMarketSchema>;

export const feedErrorSchema = z.object({
  /** The line's number in its file (1-based), when the error belongs to a line. */
  line: z.number().int().positive().optional(),
  /** The file the line belongs to (replays). */
  fileId: z.string().optional(),
  message: z.string(),
});
export type FeedError = z.infer<typeof feedErrorSchema>;

export const feedSchema = z.object({
  id: z.string(),
  kind: z.enum(['replay', 'stream']),
  state: feedStateSchema,
  speed: z.number(),
  settleFrom: feedSettleFromSchema,
  /** Lines applied and lines skipped (bad input), over the feed's life. */
  applied: z.number().int().nonnegative(),
  skipped: z.number().int().nonnegative(),
  /** The last 100, oldest first. */
  errors: z.array(feedErrorSchema),
  /** Publish time of the last applied line, ms since the epoch; null before the first. */
  lastPt: z.number().nullable(),
  /** Now minus lastPt for a live stream; a replay's lag behind its own schedule. Null before the first line. */
  lagMs: z.number().nullable(),
  /** Lines applied over the stream files' lines, 0–1 (replays); null for a live stream. */
  progress: z.number().min(0).max(1).nullable(),
  /** The pause point of a replay, if one is set. */
  until: z.number().nullable(),
  markets: z.array(feedMarketSchema),
  createdAt: z.string(),
});
export type Feed = z.infer<typeof feedSchema>;

export const feedResponseSchema = z.object({ feed: feedSchema });
export type FeedResponse = z.infer<typeof feedResponseSchema>;
export const feedsResponseSchema = z.object({ feeds: z.array(feedSchema) });
export type FeedsResponse = z.infer<typeof feedsResponseSchema>;

/** `POST /api/admin/feeds/:id/resume`. */
export const resumeFeedBodySchema = z.strictObject({ until: feedUntilSchema.optional() });
export type ResumeFeedBody = z.infer<typeof resumeFeedBodySchema>;
/** `PATCH /api/admin/feeds/:id`. */
export const patchFeedBodySchema = z.strictObject({ speed: feedSpeedSchema });
export type PatchFeedBody = z.infer<typeof patchFeedBodySchema>;

export const FEED_ERROR_CODES = [
  'FEED_NOT_FOUND',
  'FEED_FILE_NOT_FOUND',
  'FEED_FILE_MISSING',
  'FEED_FILE_UNRECOGNISED',
  'FEED_FILE_TOO_LARGE',
  'FEED_NO_STREAM_FILE',
  'FEED_KIND_UNAVAILABLE',
  'FEED_NOT_RUNNING',
  'FEED_NOT_PAUSED',
  'FEED_ENDED',
  'FEED_NOT_REPLAY',
  'NO_PENDING_RESULT',
  'NOT_MIRRORED',
] as const;
export type FeedErrorCode = (typeof FEED_ERROR_CODES)[number];
