import { describe, expect, it } from 'vitest';
import { dispatchJsonRpc, dispatchRest, MAX_BATCH, type Dispatch } from './dispatch.ts';
import { ApiNgError, type ApiNgCaller, type ApiNgOperations } from './operation.ts';

const caller: ApiNgCaller = { playerId: 'p1', sessionToken: 't1', appKey: 'k1' };

function dispatchWith(operations: ApiNgOperations, resolved: ApiNgCaller | ApiNgError = caller): Dispatch {
  return { api: 'betting', operations, resolveCaller: async () => resolved };
}

const echo: ApiNgOperations = {
  listEventTypes: async (_caller, params) => ({ seen: params }),
  failing: async () => {
    throw new ApiNgError('TOO_MUCH_DATA', 'too much');
  },
  broken: async () => {
    throw new Error('boom');
  },
};

const rpc = (method: string, params: unknown, id: unknown = 1) =>
  JSON.stringify({ jsonrpc: '2.0', method: `SportsAPING/v1.0/${method}`, params, id });

const exceptionOf = (answer: unknown) =>
  (answer as { error: { data: { APINGException: { errorCode: string } } } }).error.data.APINGException
    .errorCode;

describe('dispatchJsonRpc', () => {
  it('answers one request with its result and id, params stripped of nulls at every depth', async () => {
    const body = rpc('listEventTypes', { filter: { textQuery: null, eventTypeIds: ['1'] }, locale: null }, 7);
    expect(await dispatchJsonRpc(dispatchWith(echo), body)).toEqual({
      jsonrpc: '2.0',
      result: { seen: { filter: { eventTypeIds: ['1'] } } },
      id: 7,
    });
  });

  it('answers a batch in request order, each with its own outcome', async () => {
    const body = `[${rpc('listEventTypes', {}, 1)},${rpc('failing', {}, 2)},${rpc('nope', {}, 3)}]`;
    const answers = (await dispatchJsonRpc(dispatchWith(echo), body)) as Array<Record<string, unknown>>;
    expect(answers.map((answer) => answer.id)).toEqual([1, 2, 3]);
    expect(answers[0]!.result).toEqual({ seen: {} });
    expect(exceptionOf(answers[1])).toBe('TOO_MUCH_DATA');
    expect(answers[2]!.error).toEqual({ code: -32601, message: 'DSC-0021' });
  });

  it('treats an unknown, mis-prefixed or inherited method as not found', async () => {
    for (const method of [
      'SportsAPING/v1.0/toString',
      'AccountAPING/v1.0/listEventTypes',
      'listEventTypes',
    ]) {
      const answer = await dispatchJsonRpc(
        dispatchWith(echo),
        JSON.stringify({ jsonrpc: '2.0', method, id: 1 }),
      );
      expect(answer).toMatchObject({ error: { code: -32601 } });
    }
  });

  it('answers bad JSON and bad params with INVALID_INPUT_DATA, never throwing', async () => {
    for (const body of [
      '{',
      '',
      '42',
      '"x"',
      '[]',
      rpc('listEventTypes', [1, 2]),
      rpc('listEventTypes', 'x'),
    ]) {
      const answer = await dispatchJsonRpc(dispatchWith(echo), body);
      expect(exceptionOf(Array.isArray(answer) ? answer[0] : answer), body).toBe('INVALID_INPUT_DATA');
    }
  });

  it('refuses params nested beyond reason', async () => {
    const deep = `${'{"a":'.repeat(200)}1${'}'.repeat(200)}`;
    const body = `{"jsonrpc":"2.0","method":"SportsAPING/v1.0/listEventTypes","params":${deep},"id":1}`;
    expect(exceptionOf(await dispatchJsonRpc(dispatchWith(echo), body))).toBe('INVALID_INPUT_DATA');
  });

  it('answers a refused caller on every request of a batch, with the account API naming its exception', async () => {
    const refused = new ApiNgError('INVALID_SESSION_INFORMATION', 'dead');
    const dispatch: Dispatch = { api: 'account', operations: echo, resolveCaller: async () => refused };
    const answers = (await dispatchJsonRpc(dispatch, `[${rpc('a', {}, 1)},${rpc('b', {}, 2)}]`)) as Array<{
      id: number;
      error: { code: number; message: string; data: Record<string, unknown> };
    }>;
    expect(answers).toHaveLength(2);
    for (const answer of answers) {
      expect(answer.error.code).toBe(-32099);
      expect(answer.error.message).toBe('AANGX-0002');
      expect(answer.error.data).toMatchObject({
        exceptionname: 'AccountAPINGException',
        AccountAPINGException: { errorCode: 'INVALID_SESSION_INFORMATION', errorDetails: 'dead' },
      });
    }
  });

  it('turns an unexpected failure into UNEXPECTED_ERROR and reports it', async () => {
    const faults: unknown[] = [];
    const dispatch = { ...dispatchWith(echo), onFault: (error: unknown) => faults.push(error) };
    expect(exceptionOf(await dispatchJsonRpc(dispatch, rpc('broken', {})))).toBe('UNEXPECTED_ERROR');
    expect(faults).toHaveLength(1);
  });

  it('refuses batches beyond the limit with TOO_MUCH_DATA', async () => {
    const body = `[${Array.from({ length: MAX_BATCH + 1 }, (_, i) => rpc('listEventTypes', {}, i)).join(',')}]`;
    expect(exceptionOf(await dispatchJsonRpc(dispatchWith(echo), body))).toBe('TOO_MUCH_DATA');
  });
});

describe('dispatchRest', () => {
  it('answers the result itself, params being the body', async () => {
    const answer = await dispatchRest(dispatchWith(echo), 'listEventTypes', '{"filter":{},"locale":null}');
    expect(answer).toEqual({ status: 200, body: { seen: { filter: {} } } });
  });

  it('takes an empty body as no params', async () => {
    expect(await dispatchRest(dispatchWith(echo), 'listEventTypes', '')).toEqual({
      status: 200,
      body: { seen: {} },
    });
  });

  it("answers failures as Betfair's REST fault", async () => {
    const bad = await dispatchRest(dispatchWith(echo), 'listEventTypes', '[1]');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      faultcode: 'Client',
      faultstring: 'ANGX-0002',
      detail: { exceptionname: 'APINGException', APINGException: { errorCode: 'INVALID_INPUT_DATA' } },
    });
    const refused = await dispatchRest(
      dispatchWith(echo, new ApiNgError('NO_SESSION', 'none')),
      'listEventTypes',
      '{}',
    );
    expect(refused.body).toMatchObject({
      faultstring: 'ANGX-0005',
      detail: { APINGException: { errorCode: 'NO_SESSION' } },
    });
    expect(await dispatchRest(dispatchWith(echo), 'hasOwnProperty', '{}')).toMatchObject({ status: 404 });
  });
});
