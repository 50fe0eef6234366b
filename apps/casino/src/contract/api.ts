import { casinoTokenSchema } from '@backlay/contracts';
import { z } from 'zod';

/**
 * HTTP bodies of the session API the aggregator's game pages call. The operator launch API, the wallet
 * callbacks and the error body are the portal's contract (`@backlay/contracts`). The game pages import
 * these types only (no zod in the browser bundle).
 */

/** Money as a decimal string, e.g. "12.50". */
export const amountSchema = z.string().min(1).max(32);

export const sessionRequestSchema = z.object({ token: casinoTokenSchema });
export const playRequestSchema = z.object({
  token: casinoTokenSchema,
  amount: amountSchema,
  params: z.record(z.string(), z.unknown()).optional(),
});
export const actionRequestSchema = z.object({
  token: casinoTokenSchema,
  action: z.object({ type: z.string().min(1).max(20) }).catchall(z.unknown()),
});
export const clientSeedRequestSchema = z.object({
  token: casinoTokenSchema,
  clientSeed: z.string().max(300),
});
export const rotateRequestSchema = z.object({
  token: casinoTokenSchema,
  clientSeed: z.string().max(300).optional(),
});

export const seedsSchema = z.object({
  serverSeedHash: z.string(),
  nextServerSeedHash: z.string(),
  clientSeed: z.string(),
  nonce: z.number(),
});
export type SeedsView = z.infer<typeof seedsSchema>;

export const revealedSchema = z.object({
  serverSeed: z.string(),
  serverSeedHash: z.string(),
  clientSeed: z.string(),
  betCount: z.number(),
  rotatedAt: z.string(),
});
export type RevealedView = z.infer<typeof revealedSchema>;

export const roundSchema = z.object({
  id: z.string(),
  status: z.enum(['open', 'settled']),
  nonce: z.number(),
  serverSeedHash: z.string(),
  clientSeed: z.string(),
  /** Known once the seed has been rotated away. */
  serverSeed: z.string().nullable(),
  stake: z.string(),
  payout: z.string(),
  multiplier: z.string(),
  outcome: z.unknown(),
  actions: z.array(z.string()),
  /**
   * The query string for `/fair/verify` and the `/verify` page: game, seeds, nonce, settings and the
   * committed `serverSeedHash` (the server seed is left out until it is revealed).
   */
  verify: z.string(),
  createdAt: z.string(),
});
export type RoundView = z.infer<typeof roundSchema>;

export const gameSchema = z.object({
  gameId: z.string(),
  name: z.string(),
  provider: z.string(),
  category: z.string(),
  engine: z.string(),
  family: z.string(),
  theme: z.string(),
  config: z.record(z.string(), z.unknown()),
});
export type GameView = z.infer<typeof gameSchema>;

export const sessionResponseSchema = z.object({
  game: gameSchema,
  player: z.object({ name: z.string(), currency: z.string() }),
  homeUrl: z.string(),
  balance: z.string().nullable(),
  limits: z.object({ minStake: z.string(), maxStake: z.string() }),
  seeds: seedsSchema,
  revealed: z.array(revealedSchema),
  openRound: roundSchema.nullable(),
  history: z.array(roundSchema),
});
export type SessionView = z.infer<typeof sessionResponseSchema>;

export const playResponseSchema = z.object({
  round: roundSchema,
  outcome: z.unknown(),
  payout: z.string(),
  /** The balance after the round; null when the wallet did not say. */
  balance: z.string().nullable(),
  seeds: seedsSchema,
});
export type PlayView = z.infer<typeof playResponseSchema>;

export const rotateResponseSchema = z.object({ seeds: seedsSchema, revealed: z.array(revealedSchema) });
export type RotateView = z.infer<typeof rotateResponseSchema>;

/** One input of the verifier besides the seeds: a choice (`options`) or a whole number (`min`–`max`). */
export const verifyFieldFormSchema = z.object({
  name: z.string(),
  label: z.string(),
  options: z.array(z.string()).optional(),
  min: z.number().optional(),
  max: z.number().optional(),
  default: z.string().optional(),
});
export type VerifyFieldForm = z.infer<typeof verifyFieldFormSchema>;

/** A game the verifier knows: seeded games take server seed, client seed and nonce; crash a hash and salt. */
export const verifyGameFormSchema = z.object({
  game: z.string(),
  label: z.string(),
  /** `published`: the same result as public calculators; `house`: the aggregator's own tables and fantasy games. */
  group: z.enum(['published', 'house']),
  /** What the answer's `result` is, e.g. "Zones the keeper covers (1–6)". */
  resultLabel: z.string().optional(),
  inputs: z.enum(['seeds', 'hash']),
  fields: z.array(verifyFieldFormSchema),
});
export type VerifyGameForm = z.infer<typeof verifyGameFormSchema>;

export const verifyGamesResponseSchema = z.object({ games: z.array(verifyGameFormSchema) });
export type VerifyGamesView = z.infer<typeof verifyGamesResponseSchema>;
