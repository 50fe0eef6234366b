import { verify, VERIFY_GAMES, type FairErrorCode } from '@backlay/fair';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '../contract/api.ts';
import { reject, unwrap, type Result } from '../http/result.ts';

const field = z
  .string()
  .max(300)
  .regex(/^[^\p{Cc}]*$/u, 'must not contain control characters');

const querySchema = z.object({ game: z.string().max(32) }).catchall(field);
const answerSchema = z.object({ game: z.string(), result: z.unknown() }).catchall(z.unknown());

const MESSAGES: Partial<Record<FairErrorCode, string>> = {
  INVALID_GAME: `game must be one of ${VERIFY_GAMES.join(', ')}.`,
  INVALID_SERVER_SEED: 'serverSeed is required (1–256 characters).',
  INVALID_CLIENT_SEED: 'clientSeed is required (1–256 characters).',
  INVALID_NONCE: 'nonce must be a whole number of at least 0.',
  INVALID_ROWS: 'rows must be 8 to 16.',
  INVALID_RISK: 'risk must be low, medium or high.',
  INVALID_SEGMENTS: 'segments must be 10, 20, 30, 40 or 50.',
  INVALID_MINES: 'mines must be 1 to 24.',
  INVALID_COUNT: 'count must be 1 to 52.',
  INVALID_DIFFICULTY: 'difficulty must be easy, medium, hard, expert or master.',
  INVALID_TITLE: 'title must name a slot title (fruit-fives, gem-vault).',
  INVALID_HASH: 'hash must be 64 lowercase hex digits.',
  INVALID_SALT: 'salt is required (1–256 characters).',
};

/** Recomputes a result from revealed inputs with the same code the games use. */
export function verifyFields(query: Record<string, string>): Result<z.infer<typeof answerSchema>> {
  const { game, ...fields } = query;
  const answer = verify(game ?? '', fields);
  if (answer.ok) return { ok: true, value: answer.value };
  return reject('invalid', answer.code, MESSAGES[answer.code] ?? `Invalid input (${answer.code}).`);
}

/** `GET /fair/verify?game=…&serverSeed=…&clientSeed=…&nonce=…` (crash: `hash` and `salt`). */
export function verifyRoutes(): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/fair/verify',
      { schema: { querystring: querySchema, response: { 200: answerSchema, 400: errorSchema } } },
      async (request) => unwrap(verifyFields(request.query as Record<string, string>)),
    );
  };
}
