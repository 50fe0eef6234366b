import { randomUUID } from 'node:crypto';
import type { ApiNgErrorCode } from './operation.ts';

/** The two APIs of the front; each names its exception and fault codes its own way. */
export type ApiName = 'betting' | 'account';

export const EXCEPTION_NAME: Record<ApiName, string> = {
  betting: 'APINGException',
  account: 'AccountAPINGException',
};

/** Betfair's fault strings (`ANGX-0003`, `AANGX-0010`) for each code: clients log them. */
const BETTING_FAULTS: Record<ApiNgErrorCode, string> = {
  TOO_MUCH_DATA: 'ANGX-0001',
  INVALID_INPUT_DATA: 'ANGX-0002',
  INVALID_SESSION_INFORMATION: 'ANGX-0003',
  NO_APP_KEY: 'ANGX-0004',
  NO_SESSION: 'ANGX-0005',
  UNEXPECTED_ERROR: 'ANGX-0006',
  INVALID_APP_KEY: 'ANGX-0007',
  SERVICE_BUSY: 'ANGX-0009',
  TIMEOUT_ERROR: 'ANGX-0010',
  ACCESS_DENIED: 'ANGX-0012',
};

const ACCOUNT_FAULTS: Record<ApiNgErrorCode, string> = {
  INVALID_INPUT_DATA: 'AANGX-0001',
  TOO_MUCH_DATA: 'AANGX-0001',
  INVALID_SESSION_INFORMATION: 'AANGX-0002',
  UNEXPECTED_ERROR: 'AANGX-0003',
  INVALID_APP_KEY: 'AANGX-0004',
  SERVICE_BUSY: 'AANGX-0005',
  TIMEOUT_ERROR: 'AANGX-0006',
  NO_SESSION: 'AANGX-0010',
  NO_APP_KEY: 'AANGX-0011',
  ACCESS_DENIED: 'AANGX-0016',
};

export const faultOf = (api: ApiName, code: ApiNgErrorCode): string =>
  (api === 'betting' ? BETTING_FAULTS : ACCOUNT_FAULTS)[code];

/** `data` of a JSON-RPC error, `detail` of a REST fault: `{APINGException: {...}, exceptionname}`. */
export function exceptionData(api: ApiName, code: ApiNgErrorCode, details: string) {
  const name = EXCEPTION_NAME[api];
  return {
    [name]: { requestUUID: randomUUID(), errorCode: code, errorDetails: details },
    exceptionname: name,
  };
}

/** JSON-RPC's own codes; Betfair puts its exceptions under -32099. */
export const RPC_PARSE_ERROR = -32700;
export const RPC_METHOD_NOT_FOUND = -32601;
export const RPC_INVALID_PARAMS = -32602;
export const RPC_EXCEPTION = -32099;

/** What Betfair answers for an operation it does not know. */
export const UNKNOWN_OPERATION_FAULT = 'DSC-0021';
