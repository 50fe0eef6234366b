import { z } from 'zod';
import { idSchema } from './ids.ts';
import { moneySchema } from './wallet.ts';

/**
 * `GET /api/admin/bets` (docs/decisions/0239): every product's bets in one list, newest first, paged by
 * `next`. `status` filters by the bet's state in words common to all products; each item keeps its
 * product's own status too.
 */
export const BET_PRODUCTS = ['exchange', 'tables', 'crash', 'casino'] as const;
export const BET_STATES = ['open', 'settled', 'void'] as const;

export const adminBetsQuerySchema = z.strictObject({
  player: idSchema.optional(),
  market: z.string().trim().min(1).max(128).optional(),
  product: z.enum(BET_PRODUCTS).optional(),
  status: z.enum(BET_STATES).optional(),
  cursor: z
    .string()
    .regex(/^\d{1,17}_[\w.:-]{1,128}$/, 'cursor must be the `next` of a previous page')
    .optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type AdminBetsQuery = z.infer<typeof adminBetsQuerySchema>;

export const adminBetSchema = z.object({
  id: z.string(),
  product: z.enum(BET_PRODUCTS),
  playerId: z.string(),
  email: z.string().nullable(),
  /** The exchange market, the table, `crash`, or the casino game. */
  market: z.string(),
  /** The runner or table market backed, the side for the exchange; null where there is none. */
  selection: z.string().nullable(),
  side: z.enum(['BACK', 'LAY']).nullable(),
  stake: moneySchema,
  state: z.enum(BET_STATES),
  status: z.string(),
  /** Profit (negative: loss) once settled; null while open. */
  result: moneySchema.nullable(),
  placedAt: z.string(),
});
export type AdminBet = z.infer<typeof adminBetSchema>;
export const adminBetsPageSchema = z.object({ items: z.array(adminBetSchema), next: z.string().nullable() });

/**
 * The stream topic `admin-bets` (docs/decisions/0253): the snapshot is the newest bets of every product,
 * newest first; each update names the bets new since the last one, or changed (settled, void), newest
 * first. A follower keys them by product and id.
 */
export const adminBetsTickerSchema = z.object({ bets: z.array(adminBetSchema) });
export type AdminBetsTicker = z.infer<typeof adminBetsTickerSchema>;
