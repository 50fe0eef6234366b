import { loginRequestSchema, loginResponseSchema, meResponseSchema } from '@backlay/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../platform/error-responses.ts';
import { unwrap } from '../../platform/rejections.ts';
import { requireUser } from './gate.ts';
import { revokeSession } from './sessions-repo.ts';
import { toPublicUser } from './users-repo.ts';
import { login } from './auth-service.ts';
import { throttleAddress } from './client-address.ts';
import { originOf } from './sign-ins.ts';
import { openDemoPlayer } from './demo.ts';
import { createSignInGuard, type SignInOptions } from './sign-in-guard.ts';
import type { Database } from '../../db/database.ts';
import type { Env } from '../../env.ts';
import type { Bus } from '../../lib/bus.ts';
import type { PlayerCreatedHook } from './demo.ts';
import type { AgentProfileHook, SignInRefusalHook } from './sign-in-refusal.ts';

const errors = errorResponses(400, 401, 429, 503);

/** What the sign-in routes use, and nothing more. */
export type AuthDeps = {
  env: Pick<Env, 'SESSION_TTL_HOURS' | 'SIGN_IN_HASH_CONCURRENCY'>;
  db: Database;
  bus: Bus;
  hooks: PlayerCreatedHook & SignInRefusalHook & AgentProfileHook;
  signIn?: SignInOptions;
};

export function authRoutes(deps: AuthDeps): FastifyPluginAsyncZod {
  return async (app) => {
    // Per instance: the hash queue bounds this process's CPU; the counters it consults are shared.
    const guard = createSignInGuard(deps.env.SIGN_IN_HASH_CONCURRENCY, deps.signIn);
    app.post(
      '/api/loginUser',
      {
        config: { public: true },
        schema: {
          tags: ['auth'],
          body: loginRequestSchema,
          response: { 200: loginResponseSchema, ...errors },
        },
      },
      async (request) => {
        const address = throttleAddress(request.ip);
        const origin = originOf(request.ip, request.headers['user-agent']);
        const input = { ...request.body, address, origin, ttlHours: deps.env.SESSION_TTL_HOURS };
        return unwrap(await login(deps, input, guard));
      },
    );

    app.post(
      '/api/demoLogin',
      {
        config: { public: true },
        schema: { tags: ['auth'], response: { 200: loginResponseSchema, ...errors } },
      },
      async (request) => unwrap(await openDemoPlayer(deps, throttleAddress(request.ip))),
    );

    app.get(
      '/api/me',
      { schema: { tags: ['auth'], response: { 200: meResponseSchema, ...errorResponses(401) } } },
      async (request) => {
        const user = requireUser(request);
        const agent = user.role === 'agent' ? await deps.hooks.agentProfile?.(deps.db, user.id) : null;
        return { user: toPublicUser(user), ...(agent ? { agent } : {}) };
      },
    );

    app.post(
      '/api/logout',
      { schema: { tags: ['auth'], response: { 204: z.null(), ...errorResponses(401) } } },
      async (request, reply) => {
        if (request.token) await revokeSession(deps.db, deps.bus, request.token);
        return reply.code(204).send(null);
      },
    );
  };
}
