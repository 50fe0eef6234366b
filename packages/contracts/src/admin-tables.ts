import { z } from 'zod';
import { roundIdSchema, tableIdSchema } from './tables.ts';
import { moneySchema } from './wallet.ts';

/**
 * The console's live games (docs/decisions/0244): every in-house table and the crash game (id `crash`),
 * whether it is running or paused, its round in play and its last rounds with their fairness data.
 * Round statuses are the loop's own: BETTING, CLOSED, DEALING, RESULT (tables), RUNNING (crash in
 * flight), then SETTLED or VOID.
 */
export const adminRoundStatusSchema = z.enum([
  'BETTING',
  'CLOSED',
  'DEALING',
  'RESULT',
  'RUNNING',
  'SETTLED',
  'VOID',
]);
export type AdminRoundStatus = z.infer<typeof adminRoundStatusSchema>;

/**
 * What proves a round fair: SHA-256 of the server seed, published before betting opened, the seed
 * itself once revealed (from RESULT on, and for settled or void rounds), and the client seed and nonce
 * it was drawn with (crash: the chain's salt and the round's index in its chain).
 */
export const adminRoundFairnessSchema = z.object({
  serverSeedHash: z.string(),
  serverSeed: z.string().nullable(),
  clientSeed: z.string(),
  nonce: z.number().int(),
});

/** The bets of a round: how many, their stake and (once finished) what they were paid back. */
const roundBookShape = {
  bets: z.number().int(),
  stake: moneySchema,
};

export const adminCurrentRoundSchema = z.object({
  id: z.number().int(),
  status: adminRoundStatusSchema,
  openedAt: z.string(),
  closesAt: z.string(),
  /** When the current phase ends. */
  phaseEndsAt: z.string(),
  ...roundBookShape,
  fairness: adminRoundFairnessSchema,
});
export type AdminCurrentRound = z.infer<typeof adminCurrentRoundSchema>;

export const adminRecentRoundSchema = z.object({
  id: z.number().int(),
  status: z.enum(['SETTLED', 'VOID']),
  /** What Casino Results shows: "Dragon", "17 Red", "2.35x"; "Void" for a void round. */
  result: z.string(),
  settledAt: z.string().nullable(),
  ...roundBookShape,
  payout: moneySchema,
  fairness: adminRoundFairnessSchema,
});
export type AdminRecentRound = z.infer<typeof adminRecentRoundSchema>;

export const adminTablePauseSchema = z.object({
  at: z.string(),
  /** The e-mail of the staff member who paused it. */
  by: z.string(),
  reason: z.string().nullable(),
});

export const adminTableSchema = z.object({
  id: tableIdSchema,
  name: z.string(),
  kind: z.enum(['table', 'crash']),
  /** Paused: the round in play finishes as usual, no new one opens and no bet is taken. */
  state: z.enum(['running', 'paused']),
  pause: adminTablePauseSchema.nullable(),
  /** The round not yet settled or void; null between rounds (and while paused once it finished). */
  currentRound: adminCurrentRoundSchema.nullable(),
  /** Newest first, at most 20. */
  recentRounds: z.array(adminRecentRoundSchema),
});
export type AdminTable = z.infer<typeof adminTableSchema>;

/** `GET /api/admin/tables`: the whole catalogue (a fixed, short list) in lobby order, crash last. */
export const adminTablesResponseSchema = z.object({ items: z.array(adminTableSchema) });
export type AdminTablesResponse = z.infer<typeof adminTablesResponseSchema>;

/** Why, kept in the audit log: optional for a pause or resume, required for a void. */
const reasonSchema = z.string().trim().min(1).max(500);
export const adminTableParamsSchema = z.object({ id: tableIdSchema });
export const adminTableRoundParamsSchema = z.object({ id: tableIdSchema, roundId: roundIdSchema });
/** A body-less POST arrives as null: the reason is optional, so is the body. */
export const adminTablePauseBodySchema = z.strictObject({ reason: reasonSchema.optional() }).nullish();
export const adminRoundVoidBodySchema = z.strictObject({ reason: reasonSchema });
export type AdminRoundVoidBody = z.infer<typeof adminRoundVoidBodySchema>;

/** `POST /api/admin/tables/:id/rounds/:roundId/void`: the round as it stands once void. */
export const adminRoundVoidResponseSchema = z.object({ round: adminRecentRoundSchema });

/**
 * Refusals of the live games' console on top of the tables' own (a bet on a paused table is the
 * tables' TABLE_PAUSED): a void of a round already settled ROUND_SETTLED, of one already void
 * ROUND_ALREADY_VOID (409).
 */
export const ADMIN_TABLE_ERROR_CODES = ['ROUND_SETTLED', 'ROUND_ALREADY_VOID'] as const;
export type AdminTableErrorCode = (typeof ADMIN_TABLE_ERROR_CODES)[number];
