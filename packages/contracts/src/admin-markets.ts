import { z } from 'zod';
import { eventDetailSchema, eventStatusSchema, marketStatusSchema, sportSlugSchema } from './sports.ts';
import { amountInputSchema, moneySchema } from './wallet.ts';

/**
 * `GET /api/admin/markets` and `GET /api/admin/markets/:id` (docs/decisions/0249): every exchange market
 * for the console, whatever its state, the feed's and the operator's alike, latest start first, paged by
 * `next`; and one market with its event, runners, limits and outcome.
 */
export const adminMarketsQuerySchema = z.strictObject({
  sport: sportSlugSchema.optional(),
  status: marketStatusSchema.optional(),
  /** Part of the event's or the market's name, in any case. */
  q: z.string().trim().min(1).max(100).optional(),
  cursor: z
    .string()
    .regex(/^\d{1,17}_[a-z0-9][a-z0-9./-]{0,99}$/, 'cursor must be the `next` of a previous page')
    .optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type AdminMarketsQuery = z.infer<typeof adminMarketsQuerySchema>;

/** How a market was decided, once it is: by the feed, or by an operator's settle or void. */
export const adminMarketOutcomeSchema = z.object({
  kind: z.enum(['WINNER', 'LINE', 'VOID']),
  winnerRunnerId: z.string().nullable(),
  winner: z.string().nullable(),
  /** A line market's final value. */
  lineResult: z.number().int().nullable(),
  decidedAt: z.string(),
});
export type AdminMarketOutcome = z.infer<typeof adminMarketOutcomeSchema>;

export const adminMarketSchema = z.object({
  id: z.string(),
  eventId: z.string(),
  eventName: z.string(),
  sport: z.string(),
  competition: z.string(),
  name: z.string(),
  type: z.string(),
  startTime: z.string(),
  status: marketStatusSchema,
  inPlay: z.boolean(),
  /** The players' matched stakes, backs and lays alike. */
  matched: moneySchema,
  minStake: moneySchema,
  maxStake: moneySchema,
  /** The market maker quotes on it. */
  marketMaker: z.boolean(),
  /** Bets are struck against the house at its price (bookmaker and line markets). */
  housePriced: z.boolean(),
  /** An operator's own event rather than the feed's. */
  custom: z.boolean(),
  outcome: adminMarketOutcomeSchema.nullable(),
});
export type AdminMarket = z.infer<typeof adminMarketSchema>;
export const adminMarketsPageSchema = z.object({
  items: z.array(adminMarketSchema),
  next: z.string().nullable(),
});
export type AdminMarketsPage = z.infer<typeof adminMarketsPageSchema>;

/** A runner's state: ACTIVE until its market is decided; a line market's runners are SETTLED then. */
export const ADMIN_RUNNER_STATUSES = ['ACTIVE', 'WINNER', 'LOSER', 'SETTLED', 'VOID'] as const;

export const adminMarketDetailSchema = adminMarketSchema.extend({
  event: z.object({
    id: z.string(),
    name: z.string(),
    sport: z.string(),
    competition: z.string(),
    startTime: z.string(),
    status: eventStatusSchema,
    inPlay: z.boolean(),
  }),
  /** Configured; it applies in play only. */
  betDelaySec: z.number().int(),
  commissionPercent: z.number(),
  /** Run line of a line market; null for runner markets. */
  line: z.object({ line: z.number(), rangeRuns: z.number().optional() }).nullable(),
  runners: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      status: z.enum(ADMIN_RUNNER_STATUSES),
      /** The feed's fair chance in parts per million (null before its first price). */
      fairPpm: z.number().int().nullable(),
      /** Standing matched volume by price (decimal odds), lowest price first; voided fills left out. */
      traded: z.array(z.object({ price: z.string(), size: moneySchema })),
    }),
  ),
  /** When the exchange paid the market out (settled or voided); null before. */
  settledAt: z.string().nullable(),
});
export type AdminMarketDetail = z.infer<typeof adminMarketDetailSchema>;

/** Market types an operator may create: exchange runner markets (the house-priced ones come from the feed). */
export const CUSTOM_MARKET_TYPES = ['MATCH_ODDS', 'TIED_MATCH', 'WINNER', 'OUTRIGHT'] as const;
export type CustomMarketType = (typeof CUSTOM_MARKET_TYPES)[number];

/**
 * `PATCH /api/admin/markets/:id` (docs/decisions/0227): either limit of one bet's stake on a market, as an
 * amount like every stake ("250", "250.00"); the server says when neither is sent.
 */
export const stakeLimitsBodySchema = z.strictObject({
  minStake: amountInputSchema.optional(),
  maxStake: amountInputSchema.optional(),
});
export type StakeLimitsBody = z.infer<typeof stakeLimitsBodySchema>;

const adminText = (max: number) => z.string().trim().min(1).max(max);

/** `POST /api/admin/events` (docs/decisions/0135): an operator's own event and its markets. */
export const createEventBodySchema = z.object({
  sport: sportSlugSchema,
  competition: adminText(100),
  name: adminText(120),
  startTime: z.iso.datetime({ offset: true }),
  markets: z
    .array(
      z.object({
        type: z.enum(CUSTOM_MARKET_TYPES),
        runners: z.array(adminText(80)).min(2).max(40),
        marketMaker: z.boolean().optional(),
        ...stakeLimitsBodySchema.shape,
      }),
    )
    .min(1)
    .max(10),
});
export type CreateEventBody = z.infer<typeof createEventBodySchema>;
/** The created event's id and its markets, as players see them, in the order the request listed them. */
export const createdEventSchema = eventDetailSchema.pick({ markets: true }).extend({ eventId: z.string() });
