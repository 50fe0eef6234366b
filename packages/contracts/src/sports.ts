import { z } from 'zod';
import { moneySchema } from './wallet.ts';

/**
 * Sports data (docs/decisions/0120): sports, events, markets and runners as the feed keeps them. Prices
 * are ladder numbers; money is a decimal string. Best prices and ladders are null/empty until the
 * exchange quotes them.
 */

export const marketStatusSchema = z.enum(['OPEN', 'SUSPENDED', 'CLOSED', 'SETTLED', 'VOID']);
export type MarketStatus = z.infer<typeof marketStatusSchema>;
export const eventStatusSchema = z.enum(['SCHEDULED', 'IN_PLAY', 'FINISHED', 'CLOSED']);
export type EventStatus = z.infer<typeof eventStatusSchema>;

export const priceSizeSchema = z.object({ price: z.number(), size: moneySchema });
export type PriceSize = z.infer<typeof priceSizeSchema>;

/** `GET /api/sports`. */
export const sportSummarySchema = z.object({
  slug: z.string(),
  name: z.string(),
  /** Open events (scheduled or in play). */
  events: z.number().int(),
  inPlay: z.number().int(),
});
export const sportsResponseSchema = z.object({ sports: z.array(sportSummarySchema) });
export type SportsResponse = z.infer<typeof sportsResponseSchema>;

export const sportSlugSchema = z.string().regex(/^[a-z][a-z-]{1,39}$/, 'must be a sport slug');
export const sportsQuerySchema = z.object({ sport: sportSlugSchema.optional() });

/**
 * A feed id: fixture ids like `cricket-1a2b3c4d-7`, market ids `<fixture id>.<kind>`. Markets created
 * before ids became URL-safe keep `<fixture id>/<kind>` (sent as %2F in a path; docs/decisions/0226).
 */
export const feedIdSchema = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[a-z0-9][a-z0-9-]*([./][a-z0-9-]+)?$/, 'must be a feed id');

export const eventListRunnerSchema = z.object({
  id: z.string(),
  name: z.string(),
  back: priceSizeSchema.nullable(),
  lay: priceSizeSchema.nullable(),
});

/** One row of a sport's list: the MATCH_ODDS best prices feed its 1/X/2 columns. */
export const eventSummarySchema = z.object({
  id: z.string(),
  sport: z.string(),
  competition: z.string(),
  name: z.string(),
  startTime: z.string(),
  inPlay: z.boolean(),
  status: eventStatusSchema,
  marketId: z.string().nullable(),
  runners: z.array(eventListRunnerSchema),
});
export const eventsResponseSchema = z.object({ events: z.array(eventSummarySchema) });
export type EventsResponse = z.infer<typeof eventsResponseSchema>;

export const marketRunnerSchema = z.object({
  id: z.string(),
  name: z.string(),
  back: z.array(priceSizeSchema),
  lay: z.array(priceSizeSchema),
  /** The feed's fair chance in parts per million (null before its first price). */
  fairPpm: z.number().int().nullable(),
});

/** `GET /api/markets/:id`, each of `GET /api/events/:id`'s markets, and the stream's `market` data. */
export const marketSchema = z.object({
  id: z.string(),
  eventId: z.string(),
  type: z.string(),
  name: z.string(),
  status: marketStatusSchema,
  inPlay: z.boolean(),
  /** In force now: 0 before the off. */
  betDelaySec: z.number().int(),
  minStake: moneySchema,
  maxStake: moneySchema,
  commissionPercent: z.number(),
  version: z.number().int(),
  /** Run line of FANCY, ODD_EVEN and KHADO markets; null for runner markets. */
  line: z.object({ line: z.number(), rangeRuns: z.number().optional() }).nullable(),
  runners: z.array(marketRunnerSchema),
  /** Mirrored from a feed's source (docs/decisions/0270): its book is at `GET /api/markets/:id/source`. */
  mirrored: z.boolean().optional(),
});
export type Market = z.infer<typeof marketSchema>;

/** A cricket match's innings at the crease, from a feed's sports data (docs/decisions/0279). */
export const liveCricketScoreSchema = z.object({
  innings: z.number().int(),
  battingTeam: z.string().nullable(),
  runs: z.number().int(),
  wickets: z.number().int(),
  /** Overs bowled as cricket writes them: "12.5". */
  overs: z.string(),
  /** The two batters at the crease, as the data numbers them. */
  batters: z.array(z.object({ runs: z.number().int(), onStrike: z.boolean() })),
  /** The earlier innings, for the chase: "Karachi Kings 180/6 (20.0)". */
  earlier: z.array(z.string()),
});
export type LiveCricketScore = z.infer<typeof liveCricketScoreSchema>;

export const scoreSchema = z.object({
  summary: z.string(),
  values: z.array(z.number()),
  period: z.string(),
  lastEvent: z.string(),
  cricket: liveCricketScoreSchema.optional(),
});
export type Score = z.infer<typeof scoreSchema>;

export const eventDetailSchema = z.object({
  event: eventSummarySchema.omit({ marketId: true, runners: true }),
  score: scoreSchema.nullable(),
  markets: z.array(marketSchema),
});
export type EventDetail = z.infer<typeof eventDetailSchema>;

/** The stream's `score` data. */
export const scoreUpdateSchema = z.object({
  eventId: z.string(),
  status: eventStatusSchema,
  inPlay: z.boolean(),
  score: scoreSchema.nullable(),
});
export type ScoreUpdate = z.infer<typeof scoreUpdateSchema>;
