import {
  exceptionData,
  faultOf,
  RPC_EXCEPTION,
  RPC_INVALID_PARAMS,
  RPC_METHOD_NOT_FOUND,
  RPC_PARSE_ERROR,
  UNKNOWN_OPERATION_FAULT,
  type ApiName,
} from './errors.ts';
import { isJsonObject, type JsonValue } from './json.ts';
import {
  ApiNgError,
  type ApiNgCaller,
  type ApiNgErrorCode,
  type ApiNgOperations,
  type ApiNgParams,
} from './operation.ts';
import { stripNulls, TooDeepError } from './strip-nulls.ts';

/** JSON-RPC method prefixes: `SportsAPING/v1.0/listEventTypes`, `AccountAPING/v1.0/getAccountFunds`. */
export const METHOD_PREFIX: Record<ApiName, string> = {
  betting: 'SportsAPING/v1.0/',
  account: 'AccountAPING/v1.0/',
};

/** More requests than this in one batch answer TOO_MUCH_DATA: a batch is run one request at a time. */
export const MAX_BATCH = 50;

/** Who is calling, or the exception that refuses the call (checked once per HTTP request). */
export type CallerResolution = ApiNgCaller | ApiNgError;

export type Dispatch = {
  api: ApiName;
  operations: ApiNgOperations;
  resolveCaller: () => Promise<CallerResolution>;
  /** An operation's unexpected failure: logged by the route, answered as UNEXPECTED_ERROR. */
  onFault?: (error: unknown) => void;
};

type RpcId = string | number | null;
type RpcError = { code: number; message: string; data?: unknown };
export type RpcResponse =
  { jsonrpc: '2.0'; result: unknown; id: RpcId } | { jsonrpc: '2.0'; error: RpcError; id: RpcId };

const rpcError = (id: RpcId, error: RpcError): RpcResponse => ({ jsonrpc: '2.0', error, id });

function exceptionError(
  api: ApiName,
  code: ApiNgErrorCode,
  details: string,
  rpcCode = RPC_EXCEPTION,
): RpcError {
  return { code: rpcCode, message: faultOf(api, code), data: exceptionData(api, code, details) };
}

const parseJson = (text: string): { ok: true; value: JsonValue | undefined } | { ok: false } => {
  try {
    return { ok: true, value: text.trim() === '' ? undefined : (JSON.parse(text) as JsonValue) };
  } catch {
    return { ok: false };
  }
};

const idOf = (request: JsonValue): RpcId => {
  const id = isJsonObject(request) ? request.id : undefined;
  return typeof id === 'string' || typeof id === 'number' ? id : null;
};

/**
 * A JSON-RPC body (one request or a batch array) → its answer (one response or an array in request
 * order). Never throws: every failure is a JSON-RPC error, sent with HTTP 200 as Betfair does.
 */
export async function dispatchJsonRpc(
  dispatch: Dispatch,
  body: string,
): Promise<RpcResponse | RpcResponse[]> {
  const { api } = dispatch;
  const parsed = parseJson(body);
  if (!parsed.ok || parsed.value === undefined)
    return rpcError(
      null,
      exceptionError(api, 'INVALID_INPUT_DATA', 'The body is not JSON.', RPC_PARSE_ERROR),
    );
  const batch = Array.isArray(parsed.value);
  const requests: readonly JsonValue[] = Array.isArray(parsed.value) ? parsed.value : [parsed.value];
  if (requests.length === 0)
    return rpcError(null, exceptionError(api, 'INVALID_INPUT_DATA', 'The batch is empty.'));
  if (requests.length > MAX_BATCH)
    return rpcError(null, exceptionError(api, 'TOO_MUCH_DATA', `At most ${MAX_BATCH} requests in a batch.`));
  const caller = await dispatch.resolveCaller();
  const answers: RpcResponse[] = [];
  for (const request of requests) answers.push(await answerOne(dispatch, caller, request));
  return batch ? answers : answers[0]!;
}

async function answerOne(
  dispatch: Dispatch,
  caller: CallerResolution,
  request: JsonValue,
): Promise<RpcResponse> {
  const { api } = dispatch;
  const id = idOf(request);
  if (caller instanceof ApiNgError)
    return rpcError(id, exceptionError(api, caller.errorCode, caller.message));
  if (!isJsonObject(request) || typeof request.method !== 'string')
    return rpcError(
      id,
      exceptionError(api, 'INVALID_INPUT_DATA', 'A request needs a method.', RPC_INVALID_PARAMS),
    );
  const prefix = METHOD_PREFIX[api];
  const name = request.method.startsWith(prefix) ? request.method.slice(prefix.length) : undefined;
  const operation = name === undefined ? undefined : operationOf(dispatch.operations, name);
  if (!operation) return rpcError(id, { code: RPC_METHOD_NOT_FOUND, message: UNKNOWN_OPERATION_FAULT });
  const params = paramsOf(request.params);
  if (!params)
    return rpcError(
      id,
      exceptionError(api, 'INVALID_INPUT_DATA', 'params must be an object.', RPC_INVALID_PARAMS),
    );
  const outcome = await run(dispatch, caller, operation, params);
  return outcome.ok
    ? { jsonrpc: '2.0', result: outcome.result, id }
    : rpcError(id, exceptionError(api, outcome.error.errorCode, outcome.error.message));
}

export type RestAnswer = { status: number; body: unknown };

/**
 * REST: `<api>/rest/v1.0/<operation>/` with the params as the body. A failure answers Betfair's REST
 * fault (`{faultcode, faultstring, detail}`) with HTTP 400, or 404 for an unknown operation.
 */
export async function dispatchRest(
  dispatch: Dispatch,
  operationName: string,
  body: string,
): Promise<RestAnswer> {
  const { api } = dispatch;
  const operation = operationOf(dispatch.operations, operationName);
  if (!operation)
    return { status: 404, body: { faultcode: 'Client', faultstring: UNKNOWN_OPERATION_FAULT, detail: {} } };
  const caller = await dispatch.resolveCaller();
  if (caller instanceof ApiNgError) return restFault(api, caller);
  const parsed = parseJson(body);
  const params = parsed.ok ? paramsOf(parsed.value) : undefined;
  if (!params) return restFault(api, new ApiNgError('INVALID_INPUT_DATA', 'The body must be a JSON object.'));
  const outcome = await run(dispatch, caller, operation, params);
  return outcome.ok ? { status: 200, body: outcome.result } : restFault(api, outcome.error);
}

function restFault(api: ApiName, error: ApiNgError): RestAnswer {
  const detail = exceptionData(api, error.errorCode, error.message);
  return { status: 400, body: { faultcode: 'Client', faultstring: faultOf(api, error.errorCode), detail } };
}

/** Own properties only: `toString` or `__proto__` are not operations. */
function operationOf(operations: ApiNgOperations, name: string) {
  return Object.hasOwn(operations, name) ? operations[name] : undefined;
}

/** Absent or null params are no params; anything but an object is bad input. Nulls inside mean absent. */
function paramsOf(params: JsonValue | undefined): ApiNgParams | undefined {
  if (params === undefined || params === null) return {};
  if (!isJsonObject(params)) return undefined;
  try {
    return stripNulls(params);
  } catch (error) {
    if (error instanceof TooDeepError) return undefined;
    throw error;
  }
}

type Outcome = { ok: true; result: unknown } | { ok: false; error: ApiNgError };

async function run(
  dispatch: Dispatch,
  caller: ApiNgCaller,
  operation: NonNullable<ReturnType<typeof operationOf>>,
  params: ApiNgParams,
): Promise<Outcome> {
  try {
    return { ok: true, result: await operation(caller, params) };
  } catch (error) {
    if (error instanceof ApiNgError) return { ok: false, error };
    dispatch.onFault?.(error);
    return { ok: false, error: new ApiNgError('UNEXPECTED_ERROR', 'The operation failed; please retry.') };
  }
}
