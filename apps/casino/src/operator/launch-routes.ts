import { timingSafeEqual, createHash } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  casinoLaunchRequestSchema,
  casinoLaunchResponseSchema,
  errorResponseSchema,
  type CasinoLaunch,
} from '@backlay/contracts';
import { HttpError, ok, reject, unwrap, type Result } from '@backlay/rejections';
import { gameById } from '../games/catalogue-games.ts';
import type { CasinoStore } from '../state/store.ts';

export type LaunchDeps = {
  readonly store: CasinoStore;
  readonly operatorKey: string;
  readonly casinoUrl: string;
  readonly nowMs: () => number;
};

/** Compares digests so neither the length nor the content of the key leaks through timing. */
export function sameSecret(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();
  return timingSafeEqual(digest(given), digest(expected));
}

export function launchUrl(casinoUrl: string, request: CasinoLaunch): string {
  const query = new URLSearchParams({ token: request.token, home_url: request.homeUrl });
  return `${casinoUrl}/play/${encodeURIComponent(request.gameId)}?${query.toString()}`;
}

/** Records the launch (idempotent for the same token and body) and answers the game page's address. */
export function launch(deps: LaunchDeps, request: CasinoLaunch): Result<{ url: string }> {
  if (gameById(request.gameId) === undefined) {
    return reject('not_found', 'GAME_NOT_FOUND', `Game ${request.gameId} is not offered by this aggregator.`);
  }
  const known = deps.store.session(request.token);
  if (known && (known.playerId !== request.playerId || known.gameId !== request.gameId)) {
    return reject('conflict', 'TOKEN_IN_USE', 'This launch token already opened another game.');
  }
  if (!known) {
    const { token, gameId, playerId, playerName, currency, homeUrl } = request;
    const session = { token, gameId, playerId, playerName, currency, homeUrl, launchedAtMs: deps.nowMs() };
    deps.store.commit([{ type: 'session', session }]);
  }
  return ok({ url: launchUrl(deps.casinoUrl, request) });
}

/** `POST /operator/launch`: the portal's server-to-server call, authorised by the operator key. */
export function launchRoutes(deps: LaunchDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/operator/launch',
      {
        schema: {
          body: casinoLaunchRequestSchema,
          response: {
            200: casinoLaunchResponseSchema,
            400: errorResponseSchema,
            401: errorResponseSchema,
            404: errorResponseSchema,
            409: errorResponseSchema,
          },
        },
        // The key is checked before the body is validated, so a caller without it learns nothing.
        preValidation: async (request) => {
          const header = request.headers.authorization ?? '';
          const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
          if (!sameSecret(given, deps.operatorKey)) {
            throw new HttpError(401, 'A valid operator key is required.', 'INVALID_OPERATOR_KEY');
          }
        },
      },
      async (request) => unwrap(launch(deps, request.body)),
    );
  };
}
