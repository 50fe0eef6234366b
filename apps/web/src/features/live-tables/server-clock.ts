/**
 * The server's clock as seen from the browser. Rounds close at the server's `closesAt`; a phone whose
 * clock is a minute off must still count down to the right moment, so every countdown and the crash
 * multiplier run on `Date.now() + offsetMs`, the offset taken from the `serverTime` of each message.
 */

/** Server time minus local time when the message arrived, in ms (0 for a malformed time). */
export function clockOffsetMs(serverTime: string, receivedAtMs: number): number {
  const serverMs = Date.parse(serverTime);
  return Number.isFinite(serverMs) ? serverMs - receivedAtMs : 0;
}

/** Milliseconds left until `until` on the server's clock, never negative. */
export function msUntil(until: string, nowMs: number, offsetMs: number): number {
  const untilMs = Date.parse(until);
  if (!Number.isFinite(untilMs)) return 0;
  return Math.max(0, untilMs - (nowMs + offsetMs));
}

/** A countdown as whole seconds, rounded up: 0.2 s left still shows 1 until it runs out. */
export function countdownSeconds(remainingMs: number): number {
  return remainingMs <= 0 ? 0 : Math.ceil(remainingMs / 1000);
}
