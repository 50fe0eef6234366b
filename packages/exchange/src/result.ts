/**
 * Expected rejections are values, not exceptions: the server maps each code to an HTTP answer.
 */
export type ExchangeErrorCode =
  | 'OFF_LADDER'
  | 'INVALID_SIZE'
  | 'SIZE_TOO_LARGE'
  | 'INVALID_ORDER_ID'
  | 'INVALID_ACCOUNT_ID'
  | 'INVALID_ARGUMENT'
  | 'UNKNOWN_RUNNER'
  | 'UNKNOWN_ORDER'
  | 'ORDER_NOT_OPEN'
  | 'DUPLICATE_ORDER'
  | 'BOOK_FULL'
  | 'MARKET_SUSPENDED'
  | 'MARKET_CLOSED'
  | 'ALREADY_SETTLED'
  | 'INVALID_RATE'
  | 'INVALID_LINE'
  | 'INVALID_RESULT';

export type Ok<T> = { readonly ok: true; readonly value: T };
export type Err = { readonly ok: false; readonly code: ExchangeErrorCode };
export type Result<T> = Ok<T> | Err;

export function ok<T>(value: T): Ok<T> {
  return { ok: true, value };
}

// Rejections carry no per-call data, so one frozen object per code avoids allocation on hot paths.
const errByCode = new Map<ExchangeErrorCode, Err>();

export function err(code: ExchangeErrorCode): Err {
  let cached = errByCode.get(code);
  if (cached === undefined) {
    cached = Object.freeze({ ok: false, code });
    errByCode.set(code, cached);
  }
  return cached;
}
