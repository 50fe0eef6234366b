import { z } from 'zod';
import { amountInputSchema, moneySchema } from './wallet.ts';

/**
 * `GET` and `PATCH /api/admin/markets/:id/mirror` (docs/decisions/0271): on a market mirrored from a
 * source, the house quotes the source's prices within a liability cap the operator may set per market.
 */
export const mirrorCapBodySchema = z.strictObject({ liabilityCap: amountInputSchema });
export type MirrorCapBody = z.infer<typeof mirrorCapBodySchema>;

export const marketMirrorSchema = z.object({
  marketId: z.string(),
  /** A source's book has reached the market: the house quotes the source's prices, never the fair price. */
  mirrored: z.boolean(),
  /** The house's largest liability on the market. */
  liabilityCap: moneySchema,
  /** True while no cap of the market's own is set and MIRROR_MARKET_CAP applies. */
  defaultCap: z.boolean(),
});
export type MarketMirror = z.infer<typeof marketMirrorSchema>;
