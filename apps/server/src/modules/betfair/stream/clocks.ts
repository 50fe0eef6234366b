import { randomInt } from 'node:crypto';
import { StreamFailure, type StreamRequest } from './protocol.ts';

/**
 * The stream's clocks (docs/decisions/0273): a clock is `tick × 4096 + origin` in decimal, where the
 * tick is milliseconds since 2024 (one more than the last when two fall in the same millisecond) and
 * the origin is this process's own number, drawn at start. So a clock says which process wrote it and
 * when: only this process can resume from it, and only while it still holds what changed since.
 */
const ORIGINS = 4096;
const EPOCH_MS = Date.UTC(2024, 0, 1);
const ORIGIN = randomInt(ORIGINS);
const startTick = Date.now() - EPOCH_MS;
let lastTick = startTick;

/** How long after a clock was written a subscription may resume from it. */
export const RESUME_WINDOW_MS = 5 * 60_000;

/** A clock as a number: clocks of this process compare as numbers, later is larger. */
export type Clock = number;

export function nextClock(): Clock {
  lastTick = Math.max(lastTick + 1, Date.now() - EPOCH_MS);
  return lastTick * ORIGINS + ORIGIN;
}

/** Clocks grow across connections; a client hands one back on reconnect. */
export const nextClk = (): string => String(nextClock());

/** A clock as nextClk writes one: a positive integer in decimal, without leading zeros. */
const CLOCK = /^[1-9][0-9]{0,15}$/;

/** A subscription's `initialClk` and `clk`: each absent, null or a clock this stream sent. */
export function readClocks(request: StreamRequest): { initialClk?: string; clk?: string } {
  const clocks: { initialClk?: string; clk?: string } = {};
  for (const name of ['initialClk', 'clk'] as const) {
    const value = request[name];
    if (value === undefined || value === null) continue;
    if (typeof value !== 'string' || !CLOCK.test(value) || !Number.isSafeInteger(Number(value)))
      throw new StreamFailure('INVALID_INPUT', `${name} must be a clock this stream sent.`);
    clocks[name] = value;
  }
  return clocks;
}

/** Whether this process wrote `clock`, within the resume window, and not later than its last clock. */
function resumable(clock: Clock, nowMs: number): boolean {
  const tick = Math.floor(clock / ORIGINS);
  return (
    clock % ORIGINS === ORIGIN &&
    tick > startTick &&
    tick <= lastTick &&
    nowMs - EPOCH_MS - tick <= RESUME_WINDOW_MS
  );
}

/**
 * Where a resubscription resumes: its `initialClk` (the subscription it continues) and `clk` (the last
 * message it holds), when both are this process's, in order and recent; undefined otherwise, and the
 * subscription then gets a full image as Betfair answers clocks it cannot use.
 */
export function resumePoint(
  clocks: { initialClk?: string; clk?: string },
  nowMs = Date.now(),
): { initialClk: Clock; clk: Clock } | undefined {
  if (clocks.initialClk === undefined || clocks.clk === undefined) return undefined;
  const initialClk = Number(clocks.initialClk);
  const clk = Number(clocks.clk);
  if (clk < initialClk || !resumable(clk, nowMs)) return undefined;
  // The subscription may be older than the window; its first clock need only be this process's.
  if (initialClk % ORIGINS !== ORIGIN || Math.floor(initialClk / ORIGINS) <= startTick) return undefined;
  return { initialClk, clk };
}
