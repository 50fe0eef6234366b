import { errorResponseSchema } from '@backlay/contracts';
import { unwrap } from '@backlay/rejections';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  actionRequestSchema,
  clientSeedRequestSchema,
  playRequestSchema,
  playResponseSchema,
  rotateRequestSchema,
  rotateResponseSchema,
  seedsSchema,
  sessionRequestSchema,
  sessionResponseSchema,
} from '../contract/api.ts';
import type { PlayService } from './play-service.ts';
import type { RoundActions } from './round-actions.ts';
import type { SessionService } from './session-service.ts';

export type SessionRouteDeps = {
  readonly play: PlayService;
  readonly actions: RoundActions;
  readonly sessions: SessionService;
};

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  422: errorResponseSchema,
  429: errorResponseSchema,
  503: errorResponseSchema,
};

/** The game pages' API; the launch token in the body names the player and the game. */
export function sessionRoutes(deps: SessionRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/session',
      { schema: { body: sessionRequestSchema, response: { 200: sessionResponseSchema, ...errors } } },
      async (request) => unwrap(await deps.sessions.info(request.body.token)),
    );
    app.post(
      '/api/session/play',
      { schema: { body: playRequestSchema, response: { 200: playResponseSchema, ...errors } } },
      async (request) => {
        const { token, amount, params } = request.body;
        return unwrap(await deps.play.play(token, amount, params ?? {}));
      },
    );
    app.post(
      '/api/session/action',
      { schema: { body: actionRequestSchema, response: { 200: playResponseSchema, ...errors } } },
      async (request) => unwrap(await deps.actions.act(request.body.token, request.body.action)),
    );
    app.post(
      '/api/session/seeds/client',
      { schema: { body: clientSeedRequestSchema, response: { 200: seedsSchema, ...errors } } },
      async (request) =>
        unwrap(await deps.sessions.setClientSeed(request.body.token, request.body.clientSeed)),
    );
    app.post(
      '/api/session/seeds/rotate',
      { schema: { body: rotateRequestSchema, response: { 200: rotateResponseSchema, ...errors } } },
      async (request) => unwrap(await deps.sessions.rotate(request.body.token, request.body.clientSeed)),
    );
  };
}
