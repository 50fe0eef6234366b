import { z } from 'zod';
import { BET_PRODUCTS } from './admin-bets.ts';
import { moneySchema } from './wallet.ts';

/** Why an operator settles, corrects a result or voids: kept in the audit log. */
export const operatorReasonSchema = z.string().trim().min(1).max(500);

/** What decides a market: a runner market's winner, or a line market's final value (Fancy, Khado, Odd/Even). */
const winnerOutcome = { winnerRunnerId: z.string().trim().min(1).max(40) };
const lineOutcome = { result: z.number().int().min(0).max(100_000) };
export type MarketOutcomeBody = { winnerRunnerId: string } | { result: number };

/** `POST /api/admin/markets/:id/settle`: an open market decided by the operator, who may say why. */
export const settleBodySchema = z.union([
  z.strictObject({ ...winnerOutcome, reason: operatorReasonSchema.optional() }),
  z.strictObject({ ...lineOutcome, reason: operatorReasonSchema.optional() }),
]);
export type SettleBody = z.infer<typeof settleBodySchema>;

/**
 * `POST /api/admin/markets/:id/resettle` (docs/decisions/0242): a settled or void market settled again on
 * a new outcome, in the shapes of settle, with the reason required.
 */
export const resettleBodySchema = z.union([
  z.strictObject({ ...winnerOutcome, reason: operatorReasonSchema }),
  z.strictObject({ ...lineOutcome, reason: operatorReasonSchema }),
]);
export type ResettleBody = z.infer<typeof resettleBodySchema>;

/**
 * `POST /api/admin/markets/:id/void` and `POST /api/admin/bets/:id/void` (docs/decisions/0243): a void
 * gives stakes back, so it needs a reason.
 */
export const voidBodySchema = z.strictObject({ reason: operatorReasonSchema });
export type VoidBody = z.infer<typeof voidBodySchema>;

/** `POST /api/admin/bets/:id/void`: the id as `GET /api/admin/bets` lists it. */
export const betVoidParamsSchema = z.object({ id: z.string().trim().min(1).max(128) });

/** The voided bet: its stake no longer stands, and what was held for it went back to the player. */
export const voidedBetSchema = z.object({
  id: z.string(),
  product: z.enum(BET_PRODUCTS),
  playerId: z.string(),
  market: z.string(),
  status: z.string(),
  stake: moneySchema,
  /** What this void gave back to the player's balance; "0.00" when it was void already. */
  released: moneySchema,
  /**
   * A bet matched against other players (docs/decisions/0251): the matched stake voided with it, and each
   * counterparty's part voided (its bet, or null for the market maker's quote). Absent otherwise.
   */
  voided: moneySchema.optional(),
  counterparts: z
    .array(z.object({ accountId: z.string(), betId: z.string().nullable(), voided: moneySchema }))
    .optional(),
});
export type VoidedBet = z.infer<typeof voidedBetSchema>;
