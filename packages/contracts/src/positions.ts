import { z } from 'zod';
import { moneySchema } from './wallet.ts';

/**
 * `GET /api/admin/markets/:id/positions` (docs/decisions/0238): for each runner, what the players who
 * bet on the market win in all (negative: lose) if it wins, so the house's side is its negation; and the
 * same per player, largest liability first. Matched bets only; a line market has no runners to win.
 */
export const positionsSchema = z.object({
  runners: z.array(z.object({ id: z.string(), name: z.string(), ifWins: moneySchema })),
  players: z.array(
    z.object({
      playerId: z.string(),
      email: z.string().nullable(),
      ifWins: z.record(z.string(), moneySchema),
    }),
  ),
});
export type Positions = z.infer<typeof positionsSchema>;
