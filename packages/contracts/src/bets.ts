import { z } from 'zod';
import { feedIdSchema } from './sports.ts';
import { amountInputSchema, moneySchema } from './wallet.ts';

/**
 * Exchange bets (docs/decisions/0130): placing, cancelling and listing a player's bets, cash out and the
 * player's own balance with exposure. Money is a decimal string, prices are ladder numbers.
 */

export const betSideSchema = z.enum(['BACK', 'LAY']);
export type BetSide = z.infer<typeof betSideSchema>;
export const persistenceSchema = z.enum(['LAPSE', 'PERSIST']);
export const betStatusSchema = z.enum([
  'MATCHED',
  'UNMATCHED',
  'PARTIALLY_MATCHED',
  'CANCELLED',
  'LAPSED',
  'SETTLED',
  'VOID',
]);
export type BetStatus = z.infer<typeof betStatusSchema>;

/** The caller's own reference, unique per player: the same one again answers the same bet. */
export const clientRefSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9._:-]+$/, 'must be 1 to 64 letters, digits or . _ : -');

export const placeBetBodySchema = z.object({
  marketId: feedIdSchema,
  runnerId: z.string().min(1).max(40),
  side: betSideSchema,
  /** Decimal odds on the ladder (exchange markets), or the house's odds as shown (house markets). */
  price: z.number(),
  stake: amountInputSchema,
  persistence: persistenceSchema.optional(),
  clientRef: clientRefSchema,
});
export type PlaceBetBody = z.infer<typeof placeBetBodySchema>;

export const betSchema = z.object({
  id: z.string(),
  marketId: z.string(),
  runnerId: z.string(),
  side: betSideSchema,
  price: z.number(),
  stake: moneySchema,
  matched: moneySchema,
  unmatched: moneySchema,
  /** Average matched price; null while nothing is matched. */
  avgPrice: z.number().nullable(),
  status: betStatusSchema,
  placedAt: z.string(),
  /** Readable names for lists (Current Bet, My Bet). */
  eventName: z.string().optional(),
  marketName: z.string().optional(),
  runnerName: z.string().optional(),
  persistence: persistenceSchema.optional(),
  /** Net profit (negative: loss) once settled. */
  profit: moneySchema.nullable().optional(),
  /** The part that was matched and then voided by the operator (docs/decisions/0251); absent: none. */
  voided: moneySchema.optional(),
});
export type Bet = z.infer<typeof betSchema>;

export const betResponseSchema = z.object({
  bet: betSchema,
  /** Present when part of the order was cancelled so as not to match the player's own bet. */
  notice: z.object({ code: z.literal('SELF_MATCH'), message: z.string() }).optional(),
});
export type BetResponse = z.infer<typeof betResponseSchema>;

export const betsQuerySchema = z.object({
  status: z.enum(['open', 'settled']).optional(),
  marketId: feedIdSchema.optional(),
});
export const betsResponseSchema = z.object({ bets: z.array(betSchema) });
export type BetsResponse = z.infer<typeof betsResponseSchema>;

export const meBalanceSchema = z.object({ balance: moneySchema, exposure: moneySchema });
export type MeBalance = z.infer<typeof meBalanceSchema>;

export const cashOutResponseSchema = z.object({
  bet: betSchema,
  profitIfWin: moneySchema,
  profitIfLose: moneySchema,
});
export type CashOutResponse = z.infer<typeof cashOutResponseSchema>;

/** `GET /api/markets/:id/cash-out`: what a cash out would place now and the equal profit it leaves. */
export const cashOutQuoteSchema = z.object({
  available: z.boolean(),
  runnerId: z.string().nullable(),
  side: betSideSchema.nullable(),
  price: z.number().nullable(),
  stake: moneySchema.nullable(),
  /** The profit left on every outcome after the cash out (negative: a loss locked in). */
  profit: moneySchema.nullable(),
});
export type CashOutQuote = z.infer<typeof cashOutQuoteSchema>;

export const BET_ERROR_CODES = [
  'PRICE_NOT_ON_LADDER',
  'STAKE_TOO_SMALL',
  'STAKE_TOO_LARGE',
  'INSUFFICIENT_FUNDS',
  'PLAYER_SUSPENDED',
  'UNKNOWN_PLAYER',
  'SELF_EXCLUDED',
  'ACCOUNT_TIMED_OUT',
  'LOSS_LIMIT_REACHED',
  'BET_LOCKED',
  'MARKET_LOCKED_BY_AGENT',
  'STAKE_ABOVE_PLAYER_LIMIT',
  'EXPOSURE_LIMIT_REACHED',
  'MARKET_SUSPENDED',
  'MARKET_CLOSED',
  'UNKNOWN_MARKET',
  'UNKNOWN_RUNNER',
  'BET_NOT_FOUND',
  'NOTHING_TO_CANCEL',
  'SELF_MATCH',
  'IDEMPOTENCY_CONFLICT',
] as const;
export type BetErrorCode = (typeof BET_ERROR_CODES)[number];
