import { z } from 'zod';
import { casinoWalletStatusSchema } from './casino.ts';
import { idSchema } from './ids.ts';
import { moneySchema } from './wallet.ts';

/**
 * The console's view of the third-party casino (docs/decisions/0245): game sessions, rounds, the
 * wallet callbacks as recorded with the answers given, and the provider switch. Lists are newest
 * first, paged by `next` (null at the end).
 */

const cursorSchema = z
  .string()
  .regex(/^\d{1,18}$/, 'cursor must be the `next` of a previous page')
  .optional();
const limitSchema = z.coerce.number().int().min(1).max(200).default(50);
const gameSchema = z.string().trim().min(1).max(64);
/** A game session's id as the sessions list answers it. */
const sessionIdSchema = z.string().regex(/^\d{1,18}$/, 'session must be a session id');

export const adminCasinoSessionsQuerySchema = z.strictObject({
  player: idSchema.optional(),
  game: gameSchema.optional(),
  cursor: cursorSchema,
  limit: limitSchema,
});
export type AdminCasinoSessionsQuery = z.infer<typeof adminCasinoSessionsQuerySchema>;

export const adminCasinoSessionSchema = z.object({
  id: z.string(),
  playerId: z.string(),
  email: z.string().nullable(),
  gameId: z.string(),
  /** The catalogue's name of the game; null for a game the catalogue no longer lists. */
  gameTitle: z.string().nullable(),
  startedAt: z.string(),
  /** The session's last bet; the start while it has none. */
  lastActivityAt: z.string(),
  expiresAt: z.string(),
  rounds: z.number().int(),
  /** Bets not rolled back. */
  staked: moneySchema,
  won: moneySchema,
});
export type AdminCasinoSession = z.infer<typeof adminCasinoSessionSchema>;
export const adminCasinoSessionsPageSchema = z.object({
  items: z.array(adminCasinoSessionSchema),
  next: z.string().nullable(),
});

export const adminCasinoRoundsQuerySchema = z.strictObject({
  player: idSchema.optional(),
  game: gameSchema.optional(),
  session: sessionIdSchema.optional(),
  cursor: cursorSchema,
  limit: limitSchema,
});
export type AdminCasinoRoundsQuery = z.infer<typeof adminCasinoRoundsQuerySchema>;

export const CASINO_ROUND_STATES = ['OPEN', 'WON', 'LOST', 'ROLLED_BACK'] as const;

/** One bet of a round with what settled it. */
export const adminCasinoRoundSchema = z.object({
  /** The bet's transaction id. */
  betId: z.string(),
  roundId: z.string(),
  playerId: z.string(),
  email: z.string().nullable(),
  gameId: z.string(),
  bet: moneySchema,
  won: moneySchema,
  /** The stake given back by a rollback; "0.00" otherwise. */
  rolledBack: moneySchema,
  state: z.enum(CASINO_ROUND_STATES),
  placedAt: z.string(),
});
export type AdminCasinoRound = z.infer<typeof adminCasinoRoundSchema>;
export const adminCasinoRoundsPageSchema = z.object({
  items: z.array(adminCasinoRoundSchema),
  next: z.string().nullable(),
});

export const adminCasinoCallbacksQuerySchema = z.strictObject({
  player: idSchema.optional(),
  session: sessionIdSchema.optional(),
  /** `true`: refused callbacks only; `false`: accepted ones only; absent: both. */
  refused: z.enum(['true', 'false']).optional(),
  cursor: cursorSchema,
  limit: limitSchema,
});
export type AdminCasinoCallbacksQuery = z.infer<typeof adminCasinoCallbacksQuerySchema>;

/**
 * A money callback with the answer it was given: accepted (the answer a replay gets again), or refused
 * (`refused`; docs/decisions/0254), which moved no money. A refusal is listed when its token named a
 * known session; an id a refused body did not carry readably is empty, such an amount 0.00.
 * Balance callbacks are not listed.
 */
export const adminCasinoCallbackSchema = z.object({
  transactionId: z.string(),
  kind: z.enum(['bet', 'win', 'rollback']),
  playerId: z.string(),
  email: z.string().nullable(),
  gameId: z.string(),
  roundId: z.string(),
  /** The bet a win or rollback settles; null on bets. */
  referenceTransactionId: z.string().nullable(),
  amount: moneySchema,
  status: casinoWalletStatusSchema,
  /** The player's cash the answer reported. */
  balanceAfter: moneySchema,
  at: z.string(),
  /** True for a refusal: `status` says why, and no money moved. */
  refused: z.boolean(),
  /** The callback's place in the list, unique (a refusal may share a transaction id). */
  id: z.string(),
});
export type AdminCasinoCallback = z.infer<typeof adminCasinoCallbackSchema>;
export const adminCasinoCallbacksPageSchema = z.object({
  items: z.array(adminCasinoCallbackSchema),
  next: z.string().nullable(),
});

/** Whether the casino provider takes new launches and bets; null changes: never switched. */
export const casinoProviderSchema = z.object({
  enabled: z.boolean(),
  changedAt: z.string().nullable(),
  /** The staff member's email. */
  changedBy: z.string().nullable(),
});
export type CasinoProvider = z.infer<typeof casinoProviderSchema>;

export const casinoProviderChangeSchema = z.strictObject({
  enabled: z.boolean(),
  reason: z.string().trim().min(1).max(500).optional(),
});
export type CasinoProviderChange = z.infer<typeof casinoProviderChangeSchema>;

/** What a player is told when a launch is refused with the provider switched off. */
export const PROVIDER_DISABLED_MESSAGE = 'Casino games are unavailable right now.';
