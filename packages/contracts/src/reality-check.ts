import { z } from 'zod';
import { moneySchema } from './wallet.ts';

/**
 * Reality checks (docs/decisions/0234): every `minutes` after sign-in the portal shows the player how
 * long they have played and what they staked and won or lost since; 0 turns it off.
 */
export const REALITY_CHECK_MINUTES = [0, 15, 30, 60] as const;
export const DEFAULT_REALITY_CHECK_MINUTES = 60;

export const realityCheckSchema = z.strictObject({
  minutes: z.literal(REALITY_CHECK_MINUTES),
});
export type RealityCheck = z.infer<typeof realityCheckSchema>;

/** Since the current sign-in: times ISO 8601, money decimal strings; net is winnings minus stakes. */
export const sessionSummarySchema = z.object({
  signedInAt: z.string(),
  minutes: z.number().int().min(0),
  staked: moneySchema,
  net: moneySchema,
  realityCheckDueAt: z.string().nullable(),
});
export type SessionSummary = z.infer<typeof sessionSummarySchema>;

const MINUTE_MS = 60_000;

/**
 * The next reality check strictly after `nowMs`: the first signedIn + k × interval (k ≥ 1) in the
 * future, so a tab that slept through several checks shows one, not a backlog. Null when off.
 */
export function nextRealityCheckMs(
  signedInMs: number,
  intervalMinutes: number,
  nowMs: number,
): number | null {
  if (intervalMinutes <= 0) return null;
  const intervalMs = intervalMinutes * MINUTE_MS;
  const elapsed = Math.max(0, nowMs - signedInMs);
  return signedInMs + (Math.floor(elapsed / intervalMs) + 1) * intervalMs;
}
