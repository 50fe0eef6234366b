import { z } from 'zod';
import { emailSchema } from './auth.ts';
import { idSchema, idSchemaFor } from './ids.ts';
import { amountInputSchema, balancesSchema, moneySchema } from './wallet.ts';

export const playerStatusSchema = z.enum(['active', 'suspended']);
export type PlayerStatus = z.infer<typeof playerStatusSchema>;

/** A player as the operator's cash desk sees it. */
export const adminPlayerSchema = z.object({
  id: idSchema,
  uniqueCode: z.string(),
  email: z.string(),
  name: z.string(),
  status: playerStatusSchema,
  isDemo: z.boolean(),
  /** Support stopped their staking; they may still sign in and withdraw (docs/decisions/0240). */
  betLocked: z.boolean(),
  /** The largest stake of one bet support allows the player; null: the products' own (0241). */
  maxStake: moneySchema.nullable(),
  balance: moneySchema,
  exposure: moneySchema,
  createdAt: z.string(),
});
export type AdminPlayer = z.infer<typeof adminPlayerSchema>;

/** `POST /api/admin/players` */
export const createPlayerRequestSchema = z.object({
  email: emailSchema,
  password: z.string().min(6, 'Password must be at least 6 characters long.').max(200),
  name: z.string().trim().min(1, 'Name is required.').max(80),
  openingCredit: amountInputSchema.optional(),
  /** The agent the player goes under: the calling agent by default, else the house (docs/decisions/0288). */
  parentId: idSchemaFor('an agent id').optional(),
});
export type CreatePlayerRequest = z.infer<typeof createPlayerRequestSchema>;
export const createPlayerResponseSchema = z.object({ player: adminPlayerSchema });
export type CreatePlayerResponse = z.infer<typeof createPlayerResponseSchema>;

export const playerIdParamsSchema = z.object({ id: idSchemaFor('a player id') });

/** `POST /api/admin/players/:id/deposit` and `/withdraw`; optional `Idempotency-Key` header. */
export const cashDeskRequestSchema = z.object({
  amount: amountInputSchema,
  remark: z.string().trim().max(256).default(''),
});
export type CashDeskRequest = z.input<typeof cashDeskRequestSchema>;
export const cashDeskResponseSchema = balancesSchema.extend({
  /** The ledger transfer that moved the money. */
  transferId: z.string(),
  /** True when this answers a repeated Idempotency-Key: nothing moved a second time. */
  replayed: z.boolean(),
});
export type CashDeskResponse = z.infer<typeof cashDeskResponseSchema>;

/** `POST /api/admin/players/:id/status`; suspending signs the player out everywhere. */
export const playerStatusRequestSchema = z.object({ status: playerStatusSchema });
export type PlayerStatusRequest = z.infer<typeof playerStatusRequestSchema>;
export const playerStatusResponseSchema = z.object({ player: adminPlayerSchema });

export const pageSizeSchema = z.coerce
  .number()
  .int()
  .refine((size) => size === 10 || size === 20 || size === 50, 'must be 10, 20 or 50');

/**
 * `GET /api/admin/players?page&pageSize&search&cursor&limit` — newest players first. `search` finds a
 * player by email, name or code (in part), id, or an address they signed in from (exactly). Pages go by
 * `page`, or by `cursor` (the `next` of the page before: as fast on page 200 as on page 1); `limit`
 * (up to 200) stands in for `pageSize`.
 */
export const listPlayersQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: pageSizeSchema.default(20),
  search: z.string().trim().max(100).optional(),
  cursor: z
    .string()
    .regex(/^\d{1,17}_[0-9a-f-]{36}$/, 'cursor must be the `next` of a previous page')
    .optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
});
export type ListPlayersQuery = z.input<typeof listPlayersQuerySchema>;
export const listPlayersResponseSchema = z.object({
  items: z.array(adminPlayerSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** The cursor of the page after this one; null on the last. */
  next: z.string().nullable(),
});
export type ListPlayersResponse = z.infer<typeof listPlayersResponseSchema>;

/** `POST /api/admin/players/:id/bet-lock`: lock or unlock a player's staking. */
export const betLockRequestSchema = z.strictObject({ locked: z.boolean() });

/** `POST /api/admin/players/:id/max-stake`: the largest stake of one bet, or null to lift the cap. */
export const maxStakeRequestSchema = z.strictObject({ maxStake: amountInputSchema.nullable() });
