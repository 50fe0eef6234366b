import { z } from 'zod';

/** A catalogue game id: numeric for one provider, an opaque code for others. */
export const gameIdSchema = z.union([z.number().int().nonnegative(), z.string().min(1).max(64)]);

/** `POST /casino/get-game-url` (apps/web/README.md, Server calls; docs/decisions/0033). */
export const gameUrlRequestSchema = z.object({
  gameId: gameIdSchema,
  unique_code: z.string().min(1),
  home_url: z.string().url(),
});
export type GameUrlRequest = z.infer<typeof gameUrlRequestSchema>;

export const gameUrlResponseSchema = z.object({
  code: z.number(),
  msg: z.string().optional(),
  payload: z.object({ game_launch_url: z.string().optional() }).nullish(),
});
export type GameUrlResponse = z.infer<typeof gameUrlResponseSchema>;

/** `POST /api/jdbgamelink`; the Aviator header link sends gType 22, gameId 22001. */
export const jdbGameLinkRequestSchema = z.object({
  auth: z.string().min(1),
  gameId: z.number().int().nonnegative(),
  gType: z.number().int().nonnegative(),
});
export type JdbGameLinkRequest = z.infer<typeof jdbGameLinkRequestSchema>;

export const jdbGameLinkResponseSchema = z.object({ gameLink: z.string() });
export type JdbGameLinkResponse = z.infer<typeof jdbGameLinkResponseSchema>;
