import { StreamFailure, type StreamRequest } from './protocol.ts';

let lastClk = 0;
/** Clocks grow across connections and restarts; a client hands one back on reconnect. */
export const nextClk = (): string => String((lastClk = Math.max(lastClk + 1, Date.now())));

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
