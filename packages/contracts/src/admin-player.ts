import { z } from 'zod';
import { playerStatusSchema } from './admin.ts';
import { limitSchema, limitsSchema } from './limits.ts';
import { statementRowSchema } from './reports.ts';
import { staffRoleSchema } from './staff.ts';
import { moneySchema } from './wallet.ts';

/** How a sign-in attempt ended; `refused` carries why (SUSPENDED, SELF_EXCLUDED, RATE_LIMITED…). */
export const SIGN_IN_OUTCOMES = ['ok', 'bad_password', 'refused'] as const;

export const signInSchema = z.object({
  at: z.string(),
  /** The client's address as the server saw it. */
  address: z.string(),
  userAgent: z.string(),
  outcome: z.enum(SIGN_IN_OUTCOMES),
  code: z.string().nullable(),
});
export type SignIn = z.infer<typeof signInSchema>;

/** A live session; `id` names it, never its token. `address` is null for sessions not opened by a sign-in. */
export const playerSessionSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  expiresAt: z.string(),
  address: z.string().nullable(),
});
export type PlayerSession = z.infer<typeof playerSessionSchema>;

/** The player's responsible-gaming state: their limits (with what is left of each) and breaks from play. */
export const playerProtectionSchema = limitsSchema.extend({
  limits: z.array(limitSchema.extend({ remaining: moneySchema.nullable() })),
  timedOutUntil: z.string().nullable(),
  excludedUntil: z.string().nullable(),
  reopenRequestedAt: z.string().nullable(),
  /** Their session limit was reached today: no sign-in until then. */
  sessionLimitUntil: z.string().nullable(),
});
export type PlayerProtection = z.infer<typeof playerProtectionSchema>;

export const playerApiAccessSchema = z.object({ enabled: z.boolean(), liveKeys: z.number().int() });
export type PlayerApiAccess = z.infer<typeof playerApiAccessSchema>;

/** `GET /api/admin/players/:id` (docs/decisions/0248): the back office's player page. */
export const playerDetailSchema = z.object({
  player: z.object({
    id: z.string(),
    uniqueCode: z.string(),
    email: z.string(),
    name: z.string(),
    status: playerStatusSchema,
    isDemo: z.boolean(),
    betLocked: z.boolean(),
    maxStake: moneySchema.nullable(),
    createdAt: z.string(),
    /** Only for a staff account. */
    staffRole: staffRoleSchema.optional(),
  }),
  balance: moneySchema,
  exposure: moneySchema,
  protection: playerProtectionSchema,
  /** Live sessions, newest first. */
  sessions: z.array(playerSessionSchema),
  /** The latest 20 sign-in attempts, newest first. */
  signIns: z.array(signInSchema),
  /**
   * The trading API (docs/decisions/0255): whether the operator lets the account's app keys open it, and
   * how many live (unrevoked) keys it holds. Keys stay while access is off; they open nothing until it is on.
   */
  apiAccess: playerApiAccessSchema,
});
export type PlayerDetail = z.infer<typeof playerDetailSchema>;

/**
 * `GET /api/admin/players/:id/statement?cursor&limit`: the player's own statement, newest first. A
 * cursor keeps the page size and the moment of its first page, so pages never shift as money moves.
 */
export const playerStatementQuerySchema = z.strictObject({
  cursor: z
    .string()
    .regex(/^\d{1,15}\.\d{1,6}\.\d{1,3}$/, 'cursor must be the `next` of a previous page')
    .optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type PlayerStatementQuery = z.input<typeof playerStatementQuerySchema>;
export const playerStatementPageSchema = z.object({
  items: z.array(statementRowSchema),
  total: z.number().int(),
  next: z.string().nullable(),
});
export type PlayerStatementPage = z.infer<typeof playerStatementPageSchema>;
