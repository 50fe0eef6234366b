import { z } from 'zod';
import { moneySchema } from './wallet.ts';

/**
 * Limits a player sets on themselves (docs/decisions/0235): deposits and net loss per day, week and
 * month, and minutes of play per sign-in. A decrease or a new limit applies at once; an increase or a
 * removal waits as pending, confirmable by the player a day after it was asked.
 */
export const LIMIT_KINDS = ['deposit', 'loss'] as const;
export const LIMIT_PERIODS = ['day', 'week', 'month'] as const;
export type LimitKind = (typeof LIMIT_KINDS)[number];
export type LimitPeriod = (typeof LIMIT_PERIODS)[number];

/** The longest session limit a player may set: a day. */
export const MAX_SESSION_MINUTES = 24 * 60;

export const limitParamsSchema = z.strictObject({
  kind: z.enum(LIMIT_KINDS),
  period: z.enum(LIMIT_PERIODS),
});

/** A limit's new amount as typed ("50", "50.5" or "50.50"), or null to remove it. */
export const limitRequestSchema = z.strictObject({ amount: z.string().max(32).nullable() });
export type LimitRequest = z.infer<typeof limitRequestSchema>;

/** A change waiting for the player's confirmation: the new amount (null: removal) and from when. */
export const pendingLimitSchema = z.object({ amount: moneySchema.nullable(), confirmableAt: z.string() });

/**
 * One limit: `amount` binds now (null only in the answer that removed it), `used` is what the period
 * has used of it (for a loss limit, net loss with open bets at their worst; never below 0), `resetsAt`
 * when the period ends in the operator's time zone.
 */
export const limitSchema = z.object({
  kind: z.enum(LIMIT_KINDS),
  period: z.enum(LIMIT_PERIODS),
  amount: moneySchema.nullable(),
  used: moneySchema,
  resetsAt: z.string(),
  pending: pendingLimitSchema.nullable(),
});
export type Limit = z.infer<typeof limitSchema>;

export const limitResponseSchema = z.object({ limit: limitSchema });

/** A session limit waiting for confirmation, as for money limits (minutes null: removal). */
export const pendingSessionLimitSchema = z.object({
  minutes: z.number().int().nullable(),
  confirmableAt: z.string(),
});

export const limitsSchema = z.object({
  limits: z.array(limitSchema),
  sessionMinutes: z.number().int().nullable(),
  sessionPending: pendingSessionLimitSchema.nullable(),
  realityCheckMinutes: z.union([z.literal(0), z.literal(15), z.literal(30), z.literal(60)]),
});
export type Limits = z.infer<typeof limitsSchema>;

export const sessionLimitRequestSchema = z.strictObject({
  minutes: z.number().int().min(1).max(MAX_SESSION_MINUTES).nullable(),
});
export const sessionLimitResponseSchema = z.object({
  sessionMinutes: z.number().int().nullable(),
  sessionPending: pendingSessionLimitSchema.nullable(),
});
export type SessionLimitResponse = z.infer<typeof sessionLimitResponseSchema>;
