/**
 * The contract between the API-NG front (JSON-RPC and REST dispatch, identity, app keys) and the
 * operations behind it (catalogue, books, orders, account). An operation reads its Betfair-shaped
 * params (nulls already removed) and answers Betfair's result shape, or throws an ApiNgError that the
 * front turns into the JSON-RPC `error` with `data.APINGException` (or `AccountAPINGException`).
 */
import type { JsonObject } from './json.ts';

/** Betfair's exception codes used here (a subset of API-NG's list). */
export type ApiNgErrorCode =
  | 'INVALID_INPUT_DATA'
  | 'INVALID_SESSION_INFORMATION'
  | 'NO_SESSION'
  | 'INVALID_APP_KEY'
  | 'TOO_MUCH_DATA'
  | 'NO_APP_KEY'
  | 'ACCESS_DENIED'
  | 'SERVICE_BUSY'
  | 'TIMEOUT_ERROR'
  | 'UNEXPECTED_ERROR';

export class ApiNgError extends Error {
  constructor(
    readonly errorCode: ApiNgErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'ApiNgError';
  }
}

/** An operation's params: the request's `params` object as sent, its nulls removed (strip-nulls.ts). */
export type ApiNgParams = JsonObject;

/** Who calls: the portal session behind `X-Authentication` and the app key of `X-Application`. */
export interface ApiNgCaller {
  playerId: string;
  sessionToken: string;
  appKey: string;
}

/** One operation, e.g. `listMarketCatalogue`; params are the request's `params` object. */
export type ApiNgOperation = (caller: ApiNgCaller, params: ApiNgParams) => Promise<unknown>;

/** Operations by their bare name (`listEventTypes`), for one API (betting or account). */
export type ApiNgOperations = Readonly<Record<string, ApiNgOperation>>;
