import { errorResponseSchema } from '@backlay/contracts';
import { verify } from '@backlay/fair';
import { reject, unwrap, type Result } from '@backlay/rejections';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { verifyGamesResponseSchema } from '../contract/api.ts';
import { isHouseGame, verifyHouseGame, type Answer } from './house-verify.ts';
import { VERIFY_GAME_FORMS } from './verify-games.ts';
import { fairMessage } from './verify-messages.ts';

const field = z
  .string()
  .max(300)
  .regex(/^[^\p{Cc}]*$/u, 'must not contain control characters');

const querySchema = z.object({ game: z.string().max(32) }).catchall(field);
const answerSchema = z.object({ game: z.string(), result: z.unknown() }).catchall(z.unknown());

/**
 * Recomputes a result from revealed inputs with the same code the games use: the fair package for the
 * published games, the aggregator's own engines for its tables and fantasy games (docs/decisions/0178).
 */
export function verifyFields(query: Record<string, string>): Result<Answer> {
  const { game = '', ...fields } = query;
  if (isHouseGame(game)) return verifyHouseGame(game, fields);
  const answer = verify(game, fields);
  if (answer.ok) return { ok: true, value: answer.value };
  return reject('invalid', answer.code, fairMessage(answer.code));
}

/**
 * `GET /fair/verify?game=…&serverSeed=…&clientSeed=…&nonce=…` plus the game's settings (crash: `hash`
 * and `salt`); `GET /fair/verify/games` lists the games and the settings each one takes.
 */
export function verifyRoutes(): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/fair/verify',
      { schema: { querystring: querySchema, response: { 200: answerSchema, 400: errorResponseSchema } } },
      async (request) => unwrap(verifyFields(request.query as Record<string, string>)),
    );
    app.get(
      '/fair/verify/games',
      { schema: { response: { 200: verifyGamesResponseSchema } } },
      async (_request, reply) => {
        // The list changes only with a new build.
        reply.header('cache-control', 'public, max-age=300');
        return { games: [...VERIFY_GAME_FORMS] };
      },
    );
  };
}
