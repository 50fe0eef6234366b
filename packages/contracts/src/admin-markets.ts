import { z } from 'zod';
import { eventStatusSchema, marketStatusSchema, sportSlugSchema } from './sports.ts';
import { moneySchema } from './wallet.ts';

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
    }),
  ),
  /** When the exchange paid the market out (settled or voided); null before. */
  settledAt: z.string().nullable(),
});
export type AdminMarketDetail = z.infer<typeof adminMarketDetailSchema>;
