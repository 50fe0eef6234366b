import {
  gameUrlRequestSchema,
  gameUrlResponseSchema,
  jdbGameLinkRequestSchema,
  jdbGameLinkResponseSchema,
} from '@backlay/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest, forbidden, HttpError } from '../../lib/http-errors.ts';
import { errorResponses } from '../../platform/error-responses.ts';
import { unwrap, type Result } from '../../platform/rejections.ts';
import { requireUser } from '../auth/index.ts';
import { gameToLaunch, jdbGameToLaunch, launchUrl, type LaunchDeps } from './launch-service.ts';

const errors = errorResponses(400, 401, 403, 404, 409, 502);

const MAX_HOME_URL_CHARS = 2048;

/** The aggregator failing is a bad gateway, not a fault of the portal or of the request. */
function unwrapLaunch<T>(result: Result<T>): T {
  if (!result.ok && result.code === 'CASINO_UNAVAILABLE')
    throw new HttpError(502, result.message, result.code);
  return unwrap(result);
}

/** Where the aggregator's game page sends the player back to: a web page, nothing else. */
function checkHomeUrl(homeUrl: string): string {
  const url = URL.canParse(homeUrl) ? new URL(homeUrl) : undefined;
  if (!url || !/^https?:$/.test(url.protocol) || homeUrl.length > MAX_HOME_URL_CHARS) {
    throw badRequest('Invalid home_url: must be an http or https address', 'INVALID_REQUEST');
  }
  return homeUrl;
}

/** `POST /casino/get-game-url` and `POST /api/jdbgamelink` (spec §7; docs/decisions/0140). */
export function launchRoutes(deps: LaunchDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/casino/get-game-url',
      {
        schema: {
          tags: ['casino'],
          body: gameUrlRequestSchema,
          response: { 200: gameUrlResponseSchema, ...errors },
        },
      },
      async (request) => {
        const user = requireUser(request);
        const { gameId, unique_code: uniqueCode, home_url: homeUrl } = request.body;
        if (uniqueCode !== user.unique_code) throw forbidden('Games can only be launched for yourself.');
        const game = unwrap(gameToLaunch(gameId));
        const url = unwrapLaunch(await launchUrl(deps, { user, game, homeUrl: checkHomeUrl(homeUrl) }));
        return { code: 0, msg: 'Success', payload: { game_launch_url: url } };
      },
    );

    app.post(
      '/api/jdbgamelink',
      {
        schema: {
          tags: ['casino'],
          body: jdbGameLinkRequestSchema,
          response: { 200: jdbGameLinkResponseSchema, ...errors },
        },
      },
      async (request) => {
        const user = requireUser(request);
        // `auth` repeats the session token in the body (spec §7); it has to be this very session's.
        if (request.body.auth !== request.token) throw forbidden('The auth token is not this session.');
        const game = unwrap(jdbGameToLaunch(request.body.gameId, request.body.gType));
        const homeUrl = checkHomeUrl(`${request.protocol}://${request.host}/#/home`);
        return { gameLink: unwrapLaunch(await launchUrl(deps, { user, game, homeUrl })) };
      },
    );
  };
}
