import { describe, expect, it } from 'vitest';
import {
  backoffMs,
  balanceReducer,
  balanceSocketUrl,
  balanceText,
  initialBalanceState,
  reconnectDelayMs,
  type BalanceEvent,
  type BalanceState,
} from './balance-socket.ts';

function run(events: BalanceEvent[], from: BalanceState = initialBalanceState): BalanceState {
  return events.reduce(balanceReducer, from);
}

const price = (money: number, exposure?: number) => ({
  type: 'message' as const,
  data: JSON.stringify(exposure === undefined ? { price: true, money } : { price: true, money, exposure }),
});

describe('balance socket state machine', () => {
  it('connects, waits, then shows the amount with two decimals', () => {
    expect(balanceText(initialBalanceState.view)).toBe('Connecting...');
    const waiting = run([{ type: 'open' }]);
    expect(balanceText(waiting.view)).toBe('Waiting for price updates...');
    const live = run([{ type: 'open' }, price(1500)]);
    expect(live.view).toEqual({ status: 'live', money: 1500, exposure: null });
    expect(balanceText(live.view, 'en-US')).toBe('1,500.00');
    expect(run([{ type: 'open' }, price(12.345, 4)]).view).toEqual({
      status: 'live',
      money: 12.345,
      exposure: 4,
    });
  });

  it('shows the server error and never reconnects after it', () => {
    const state = run([
      { type: 'open' },
      { type: 'message', data: '{"error":"Invalid token"}' },
      { type: 'close' },
    ]);
    expect(balanceText(state.view)).toBe('Invalid token');
    expect(reconnectDelayMs(state)).toBeNull();
    expect(run([{ type: 'connect' }, { type: 'open' }, price(1)], state)).toBe(state);
  });

  it('shows Connection error on failure and backs off, counting error+close once', () => {
    const once = run([{ type: 'error' }, { type: 'close' }]);
    expect(balanceText(once.view)).toBe('Connection error');
    expect(once.failures).toBe(1);
    expect(reconnectDelayMs(once)).toBe(1000);
    const twice = run([{ type: 'connect' }, { type: 'close' }], once);
    expect(reconnectDelayMs(twice)).toBe(2000);
    expect(balanceText(run([{ type: 'connect' }], twice).view)).toBe('Connecting...');
  });

  it('resets the backoff after a price message', () => {
    const failed = run([{ type: 'close' }, { type: 'connect' }, { type: 'close' }, { type: 'connect' }]);
    expect(failed.failures).toBe(2);
    const recovered = run([{ type: 'open' }, price(3)], failed);
    expect(recovered.failures).toBe(0);
    expect(reconnectDelayMs(run([{ type: 'close' }], recovered))).toBe(1000);
  });

  it('ignores unreadable or unknown frames', () => {
    const waiting = run([{ type: 'open' }]);
    for (const data of ['not json', '{"price":false,"money":1}', '{"money":"1"}', 42]) {
      expect(balanceReducer(waiting, { type: 'message', data })).toBe(waiting);
    }
  });

  it('caps the backoff at 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 50].map(backoffMs)).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ]);
  });

  it('builds the socket url from the page location', () => {
    expect(balanceSocketUrl({ protocol: 'http:', host: 'localhost:8080' }, 'a b')).toBe(
      'ws://localhost:8080/ws/balance?userId=a%20b',
    );
    expect(balanceSocketUrl({ protocol: 'https:', host: 'x.io' }, '7')).toBe(
      'wss://x.io/ws/balance?userId=7',
    );
    expect(balanceSocketUrl({ protocol: 'https:', host: 'x.io' }, '7', 'ab12.secret')).toBe(
      'wss://x.io/ws/balance?userId=7&routing_key=ab12',
    );
  });
});
