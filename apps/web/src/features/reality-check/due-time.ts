/**
 * When this tab should open the reality check, from the server's `realityCheckDueAt`. A due time the
 * player already answered is not shown again: the server keeps naming it until its own clock passes
 * it, and the tab's clock may run a little ahead of the server's.
 */

/** Longest delay setTimeout keeps (about 24.8 days); a later check is re-read before then anyway. */
export const MAX_TIMER_MS = 2 ** 31 - 1;

export function realityCheckDelayMs(
  dueAt: string | null,
  answeredDueAt: string | null,
  nowMs: number,
): number | null {
  if (dueAt === null || dueAt === answeredDueAt) return null;
  const dueMs = Date.parse(dueAt);
  if (Number.isNaN(dueMs)) return null;
  return Math.min(MAX_TIMER_MS, Math.max(0, dueMs - nowMs));
}

/** Whole minutes since sign-in as the dialog states them: "45 minutes", "1 hour 5 minutes". */
export function playedFor(signedInAt: string, nowMs: number): string {
  const minutes = Math.max(0, Math.floor((nowMs - Date.parse(signedInAt)) / 60_000));
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;
  if (hours === 0) return plural(rest, 'minute');
  return rest === 0 ? plural(hours, 'hour') : `${plural(hours, 'hour')} ${plural(rest, 'minute')}`;
}
