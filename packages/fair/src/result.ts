/** Rejections are values, never exceptions: the server maps each code to a 400 answer. */
export type FairErrorCode =
  | 'INVALID_GAME'
  | 'INVALID_SERVER_SEED'
  | 'INVALID_CLIENT_SEED'
  | 'INVALID_NONCE'
  | 'INVALID_ROWS'
  | 'INVALID_RISK'
  | 'INVALID_SEGMENTS'
  | 'INVALID_MINES'
  | 'INVALID_REVEALED'
  | 'INVALID_COUNT'
  | 'INVALID_DIFFICULTY'
  | 'INVALID_TITLE'
  | 'INVALID_HASH'
  | 'INVALID_SALT'
  | 'INVALID_ENTROPY'
  | 'INVALID_LENGTH';

export type Ok<T> = { readonly ok: true; readonly value: T };
export type Err = { readonly ok: false; readonly code: FairErrorCode };
export type Result<T> = Ok<T> | Err;

export function ok<T>(value: T): Ok<T> {
  return { ok: true, value };
}

const errByCode = new Map<FairErrorCode, Err>();

export function err(code: FairErrorCode): Err {
  let cached = errByCode.get(code);
  if (cached === undefined) {
    cached = Object.freeze({ ok: false, code });
    errByCode.set(code, cached);
  }
  return cached;
}
