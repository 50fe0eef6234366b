import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Callers } from '../callers.ts';
import { dispatchJsonRpc, dispatchRest, type Dispatch } from './dispatch.ts';
import type { ApiName } from './errors.ts';
import type { ApiNgOperations } from './operation.ts';

export type ApiNgOperationSets = Record<ApiName, ApiNgOperations>;

const API_NAMES: readonly ApiName[] = ['betting', 'account'];

/**
 * `/betfair/exchange/`: JSON-RPC at `<api>/json-rpc/v1`, REST at `<api>/rest/v1.0/<operation>/` (with
 * or without the trailing slash). Bodies arrive as raw text (see betfairBodies) and are parsed by the
 * dispatcher, so unreadable JSON is Betfair's INVALID_INPUT_DATA rather than the portal's 400.
 */
export function apiNgRoutes(app: FastifyInstance, callers: Callers, sets: ApiNgOperationSets): void {
  for (const api of API_NAMES) {
    const dispatchFor = (request: FastifyRequest): Dispatch => ({
      api,
      operations: sets[api],
      resolveCaller: () => callers.resolve(request.headers),
      onFault: (error) => request.log.error({ err: error }, 'api-ng operation failed'),
    });

    app.post(`/betfair/exchange/${api}/json-rpc/v1`, async (request, reply) =>
      sendJson(reply, 200, await dispatchJsonRpc(dispatchFor(request), bodyText(request))),
    );

    const rest = async (request: FastifyRequest<{ Params: { operation: string } }>, reply: FastifyReply) => {
      const answer = await dispatchRest(dispatchFor(request), request.params.operation, bodyText(request));
      return sendJson(reply, answer.status, answer.body);
    };
    app.post(`/betfair/exchange/${api}/rest/v1.0/:operation/`, rest);
    app.post(`/betfair/exchange/${api}/rest/v1.0/:operation`, rest);
  }
}

const bodyText = (request: FastifyRequest): string => (typeof request.body === 'string' ? request.body : '');

function sendJson(reply: FastifyReply, status: number, body: unknown): FastifyReply {
  return reply.code(status).type('application/json').send(JSON.stringify(body));
}
