import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../../../db/database.ts';
import type { Env } from '../../../env.ts';
import type { Bus } from '../../../lib/bus.ts';
import {
  createSignInGuard,
  findUserByEmail,
  login,
  originOf,
  revokeSession,
  throttleAddress,
  type SignInOptions,
  type SignInRefusalHook,
} from '../../auth/index.ts';
import { headerOf, type Callers } from '../callers.ts';
import { loginErrorOf } from './login-errors.ts';

export type IdentityDeps = {
  env: Pick<Env, 'SESSION_TTL_HOURS' | 'SIGN_IN_HASH_CONCURRENCY'>;
  db: Database;
  bus: Bus;
  hooks: SignInRefusalHook;
  signIn?: SignInOptions;
};

/** Betfair's identity answer: `product` echoes the app key, `error` is "" on success. */
export type IdentityAnswer = { token: string; product: string; status: 'SUCCESS' | 'FAIL'; error: string };

const success = (token: string, product: string): IdentityAnswer => ({
  token,
  product,
  status: 'SUCCESS',
  error: '',
});
const failure = (error: string, product: string): IdentityAnswer => ({
  token: '',
  product,
  status: 'FAIL',
  error,
});

const MAX_FIELD_CHARS = 254;
/** The login form's fields as posted; a body of another shape has none. */
type LoginForm = { readonly username?: unknown; readonly password?: unknown };
const fieldOf = (body: unknown, name: keyof LoginForm): string | undefined => {
  const value = typeof body === 'object' && body !== null ? (body as LoginForm)[name] : undefined;
  return typeof value === 'string' && value.length > 0 && value.length <= MAX_FIELD_CHARS ? value : undefined;
};

/**
 * `/betfair/identity/`: interactive login (form post), keepAlive, logout and certlogin, each answered
 * with HTTP 200 and Betfair's JSON, failures included (docs/decisions/0255).
 */
export function identityRoutes(app: FastifyInstance, deps: IdentityDeps, callers: Callers): void {
  // Per instance as the portal's: the hash queue bounds CPU; the counters behind the limits are shared.
  const guard = createSignInGuard(deps.env.SIGN_IN_HASH_CONCURRENCY, deps.signIn);

  app.post('/betfair/identity/login', async (request) => {
    const product = headerOf(request.headers, 'x-application') ?? '';
    const keyPlayer = product ? await keyOwner(callers, product) : undefined;
    if (!keyPlayer) return failure('INVALID_APP_KEY', product);
    const email = fieldOf(request.body, 'username')?.trim().toLowerCase();
    const password = fieldOf(request.body, 'password');
    if (!email || !password) return failure('INVALID_USERNAME_OR_PASSWORD', product);
    // A key opens only its own account: checked before any session is made.
    const owner = await findUserByEmail(deps.db, email);
    if (owner && owner.id !== keyPlayer) return failure('INVALID_APP_KEY', product);
    const input = {
      email,
      password,
      address: throttleAddress(request.ip),
      origin: originOf(request.ip, request.headers['user-agent']),
      ttlHours: deps.env.SESSION_TTL_HOURS,
    };
    const result = await login(deps, input, guard);
    return result.ok ? success(result.value.access_token, product) : failure(loginErrorOf(result), product);
  });

  app.post('/betfair/identity/keepAlive', async (request) => {
    const session = await liveSession(request, callers);
    // The portal's sessions last SESSION_TTL_HOURS from sign-in; keepAlive confirms, it does not extend.
    return 'error' in session ? session : success(session.token, session.product);
  });

  app.post('/betfair/identity/logout', async (request) => {
    const session = await liveSession(request, callers);
    if ('error' in session) return session;
    await revokeSession(deps.db, deps.bus, session.token);
    return success(session.token, session.product);
  });

  // Certificates are not offered: interactive login is the supported path.
  app.post('/betfair/identity/certlogin', async () => ({ loginStatus: 'CERT_AUTH_REQUIRED' }));
}

async function liveSession(
  request: FastifyRequest,
  callers: Callers,
): Promise<{ token: string; product: string } | IdentityAnswer> {
  const product = headerOf(request.headers, 'x-application') ?? '';
  const keyPlayer = product ? await keyOwner(callers, product) : undefined;
  if (!keyPlayer) return failure('INVALID_APP_KEY', product);
  const token = headerOf(request.headers, 'x-authentication');
  const user = token ? await callers.sessionUser(token) : undefined;
  if (!token || !user || user.id !== keyPlayer) return failure('NO_SESSION', product);
  return { token, product };
}

/** The key's player once the keys are read; none while they cannot be (the database is down). */
async function keyOwner(callers: Callers, appKey: string): Promise<string | undefined> {
  await callers.ring.ready().catch(() => undefined);
  return callers.ring.playerOf(appKey);
}
