import { formatMoney } from '@backlay/front-kit/money';
import { balanceSocketMessageSchema, withRoutingKey } from '@backlay/contracts';

/** Reconnect backoff: 1 s doubling to 30 s. */
export const RECONNECT_BASE_MS = 1_000;
export const RECONNECT_MAX_MS = 30_000;

export const WAITING_TEXT = 'Waiting for price updates...';
export const CONNECTING_TEXT = 'Connecting...';
export const CONNECTION_ERROR_TEXT = 'Connection error';

export type BalanceView =
  | { status: 'connecting' }
  | { status: 'waiting' }
  | { status: 'live'; money: number; exposure: number | null }
  /** The server refused the socket; final, no reconnect. */
  | { status: 'error'; message: string }
  /** The socket failed or closed unexpectedly; a reconnect follows. */
  | { status: 'connection-error' };

export interface BalanceState {
  view: BalanceView;
  /** Consecutive failed connections since the last price message; drives the backoff. */
  failures: number;
}

export type BalanceEvent =
  | { type: 'connect' }
  | { type: 'open' }
  | { type: 'message'; data: unknown }
  | { type: 'error' }
  | { type: 'close' };

export const initialBalanceState: BalanceState = { view: { status: 'connecting' }, failures: 0 };

function parseMessage(data: unknown): ReturnType<typeof balanceSocketMessageSchema.safeParse>['data'] {
  if (typeof data !== 'string') return undefined;
  try {
    return balanceSocketMessageSchema.safeParse(JSON.parse(data)).data;
  } catch {
    return undefined;
  }
}

function onMessage(state: BalanceState, data: unknown): BalanceState {
  const message = parseMessage(data);
  if (!message) return state; // unreadable frames are ignored
  if ('error' in message) return { ...state, view: { status: 'error', message: message.error } };
  return { failures: 0, view: { status: 'live', money: message.money, exposure: message.exposure ?? null } };
}

/** Pure transition function of the header balance. */
export function balanceReducer(state: BalanceState, event: BalanceEvent): BalanceState {
  const final = state.view.status === 'error';
  switch (event.type) {
    case 'connect':
      return final ? state : { ...state, view: { status: 'connecting' } };
    case 'open':
      return final ? state : { ...state, view: { status: 'waiting' } };
    case 'message':
      return final ? state : onMessage(state, event.data);
    case 'error':
    case 'close':
      // Browsers fire error then close for one failure: count it once.
      if (final || state.view.status === 'connection-error') return state;
      return { failures: state.failures + 1, view: { status: 'connection-error' } };
  }
}

export function backoffMs(failures: number): number {
  const exponent = Math.max(0, failures - 1);
  return Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** Math.min(exponent, 30));
}

/** Delay before the next connection attempt, or null when none should be made. */
export function reconnectDelayMs(state: BalanceState): number | null {
  return state.view.status === 'connection-error' ? backoffMs(state.failures) : null;
}

/** Balance and exposure in the portal's money format (two decimals, the player's grouping). */
export function formatAmount(value: number, locale?: string): string {
  return formatMoney(value, locale);
}

/** The main text shown in the balance area. */
export function balanceText(view: BalanceView, locale?: string): string {
  switch (view.status) {
    case 'connecting':
      return CONNECTING_TEXT;
    case 'waiting':
      return WAITING_TEXT;
    case 'live':
      return formatAmount(view.money, locale);
    case 'error':
      return view.message;
    case 'connection-error':
      return CONNECTION_ERROR_TEXT;
  }
}

/** With the token's routing key in the address: a browser's upgrade request carries no token. */
export function balanceSocketUrl(
  location: Pick<Location, 'protocol' | 'host'>,
  userId: string,
  token?: string,
): string {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return withRoutingKey(
    `${scheme}://${location.host}/ws/balance?userId=${encodeURIComponent(userId)}`,
    token,
  );
}
