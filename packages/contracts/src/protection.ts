import { z } from 'zod';

/**
 * Player protection (docs/decisions/0232): breaks from play the player takes. A time-out lasts whole
 * days, 1 to 42; a self-exclusion 6 months, 1 year or 5 years, confirmed with the password.
 */
export const MAX_TIME_OUT_DAYS = 42;

export const timeOutRequestSchema = z.strictObject({ days: z.number().int().min(1).max(MAX_TIME_OUT_DAYS) });
export type TimeOutRequest = z.infer<typeof timeOutRequestSchema>;

/** When the break ends (ISO 8601); a longer break already running keeps its end. */
export const breakResponseSchema = z.object({ until: z.string() });
export type BreakResponse = z.infer<typeof breakResponseSchema>;

export const SELF_EXCLUSION_PERIODS = ['6m', '1y', '5y'] as const;
export const selfExclusionRequestSchema = z.strictObject({
  period: z.enum(SELF_EXCLUSION_PERIODS),
  password: z.string().min(1).max(200),
});
export type SelfExclusionRequest = z.infer<typeof selfExclusionRequestSchema>;

/** When the account takes bets again: a day after the request, once the self-exclusion has ended. */
export const reopenResponseSchema = z.object({ reopensAt: z.string() });

/** Every change to the player's protection, newest first; before and after as the change left them. */
export const protectionHistorySchema = z.object({
  items: z.array(
    z.object({
      at: z.string(),
      action: z.string(),
      before: z.record(z.string(), z.unknown()).nullable(),
      after: z.record(z.string(), z.unknown()).nullable(),
    }),
  ),
});
export type ProtectionHistory = z.infer<typeof protectionHistorySchema>;
