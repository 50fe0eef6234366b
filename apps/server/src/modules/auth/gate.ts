import type { FastifyInstance, FastifyRequest } from 'fastify';
import { unauthorized } from '../../lib/http-errors.ts';
import type { Bus } from '../../lib/bus.ts';
import { DEFAULT_SESSION_CACHE_LIMITS, SessionCache, type SessionCacheLimits } from './session-cache.ts';
import { findSession } from './sessions-repo.ts';
import { requireDeclaredRoles, staffRefusal } from './staff-gate.ts';
import { hashToken } from './tokens.ts';
import type { UserRow } from './users-repo.ts';
import type { Database } from '../../db/database.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set for every authenticated route; public routes leave it undefined. */
    user?: UserRow;
    token?: string;
  }
  interface FastifyContextConfig {
    /** Marks a route that needs no bearer token (login, demo login, docs). */
    public?: boolean;
    /**
     * `'signed'`: a server-to-server callback (the aggregator's wallet calls) that carries a request
     * signature instead of a bearer token; the route itself must verify that signature.
     */
    auth?: 'signed';
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return undefined;
  const token = header.slice('Bearer '.length).trim();
  return token.length > 0 && token.length <= 200 ? token : undefined;
}

const gated = (routeUrl: string) =>
  ['/api', '/casino'].some((root) => routeUrl === root || routeUrl.startsWith(`${root}/`));

/**
 * Which credential a request needs, decided by the route it matched (its declared path and config),
 * never by how the client spelled the URL: `/%61pi/me` and `/api/me` match the same route and meet the
 * same gate. Default deny: every route under /api and /casino needs a bearer token unless marked public
 * or signed. Other routes ('ungated': the SPA's files, the balance socket, which checks its own token)
 * and unmatched requests (answered 404, no handler runs) are not the gate's business.
 */
export function routeAccess(request: FastifyRequest): 'bearer' | 'public' | 'signed' | 'ungated' {
  const routeUrl = request.routeOptions.url;
  if (routeUrl === undefined || !gated(routeUrl)) return 'ungated';
  const config = request.routeOptions.config;
  if (config?.auth === 'signed') return 'signed';
  return config?.public === true ? 'public' : 'bearer';
}

/**
 * The bearer gate (see routeAccess). Live sessions are cached for a few seconds (SessionCache:
 * revocations reach every instance over the bus).
 */
export function registerAuth(
  app: FastifyInstance,
  deps: { db: Database; bus: Bus },
  limits: SessionCacheLimits = DEFAULT_SESSION_CACHE_LIMITS,
): void {
  requireDeclaredRoles(app);
  const cache = new SessionCache(deps.bus, limits);
  app.addHook('onClose', async () => cache.close());
  // Callback-style: a session in the cache (nearly every request) is let through in the same turn.
  app.addHook('onRequest', (request, _reply, done) => {
    if (routeAccess(request) !== 'bearer') return done();
    const token = bearerToken(request);
    if (!token) return done(unauthorized('Please sign in: this request needs a bearer token.'));
    const tokenHash = hashToken(token);
    const cached = cache.get(tokenHash);
    if (cached) return admit(request, token, cached, done);
    sessionUser(deps.db, cache, tokenHash).then((user) => admit(request, token, user, done), done);
  });
}

/** Lets the request in as `user`, or refuses it; a function of its own, not a closure per request. */
function admit(
  request: FastifyRequest,
  token: string,
  user: UserRow | undefined,
  done: (error?: Error) => void,
): void {
  if (!user) return done(unauthorized('Your session has expired or was signed out. Please sign in again.'));
  request.user = user;
  request.token = token;
  done(staffRefusal(request, user) ?? undefined);
}

async function sessionUser(
  db: Database,
  cache: SessionCache,
  tokenHash: string,
): Promise<UserRow | undefined> {
  const generation = cache.generation;
  const session = await findSession(db, tokenHash);
  if (!session) return undefined;
  cache.remember(tokenHash, session.user, session.expiresAtMs, generation);
  return session.user;
}

export function requireUser(request: FastifyRequest): UserRow {
  if (!request.user) throw unauthorized();
  return request.user;
}
