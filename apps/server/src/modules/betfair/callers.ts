import type { IncomingHttpHeaders } from 'node:http';
import type { Database } from '../../db/database.ts';
import type { Bus } from '../../lib/bus.ts';
import { findSession, hashToken, SessionCache, type UserRow } from '../auth/index.ts';
import type { KeyRing } from './app-keys/key-ring.ts';
import type { CallerResolution } from './api-ng/dispatch.ts';
import { ApiNgError } from './api-ng/operation.ts';

/** Longer headers are not ours: keys are 16 characters, tokens 48. */
const MAX_HEADER_CHARS = 200;

export function headerOf(headers: IncomingHttpHeaders, name: string): string | undefined {
  const raw = headers[name];
  const value = (Array.isArray(raw) ? raw[0] : raw)?.trim();
  return value && value.length <= MAX_HEADER_CHARS ? value : undefined;
}

/**
 * Who calls, from `X-Application` and `X-Authentication`. Keys are checked in memory (KeyRing); tokens
 * are the portal's sessions, cached for seconds as the portal's gate caches them, and dropped at once
 * when revoked (sign-out, suspension, self-exclusion end them on every instance).
 */
export class Callers {
  readonly #sessions: SessionCache;

  constructor(
    private readonly db: Database,
    bus: Bus,
    readonly ring: KeyRing,
  ) {
    this.#sessions = new SessionCache(bus);
  }

  /** The live session's user behind a token, or undefined. */
  async sessionUser(token: string): Promise<UserRow | undefined> {
    const tokenHash = hashToken(token);
    const cached = this.#sessions.get(tokenHash);
    if (cached) return cached;
    const generation = this.#sessions.generation;
    const session = await findSession(this.db, tokenHash);
    if (!session) return undefined;
    this.#sessions.remember(tokenHash, session.user, session.expiresAtMs, generation);
    return session.user;
  }

  /** The key's owner must be the session's player: a key opens only its own account. */
  async resolve(headers: IncomingHttpHeaders): Promise<CallerResolution> {
    const appKey = headerOf(headers, 'x-application');
    if (!appKey) return new ApiNgError('NO_APP_KEY', 'X-Application is missing.');
    const unread = await this.ring.ready().then(
      () => null,
      () => new ApiNgError('SERVICE_BUSY', 'App keys cannot be checked right now; please retry.'),
    );
    if (unread) return unread;
    const keyPlayer = this.ring.playerOf(appKey);
    if (!keyPlayer) return new ApiNgError('INVALID_APP_KEY', 'The app key is unknown or revoked.');
    const sessionToken = headerOf(headers, 'x-authentication');
    if (!sessionToken) return new ApiNgError('NO_SESSION', 'X-Authentication is missing.');
    const user = await this.sessionUser(sessionToken);
    if (!user)
      return new ApiNgError('INVALID_SESSION_INFORMATION', 'The session has expired or was logged out.');
    if (user.id !== keyPlayer)
      return new ApiNgError('INVALID_APP_KEY', 'The app key belongs to another account.');
    return { playerId: user.id, sessionToken, appKey };
  }

  close(): void {
    this.#sessions.close();
  }
}
