import type { Sql } from '../../db/database.ts';
import { SESSIONS_REVOKED_TOPIC } from './session-cache.ts';
import { findSession } from './sessions-repo.ts';
import { hashToken } from './tokens.ts';
import type { SessionSource } from '../../platform/sockets/index.ts';

/** Sessions as the sockets see them, read from the auth tables. */
export function sessionSource(sql: Sql): SessionSource {
  return {
    revocationTopic: SESSIONS_REVOKED_TOPIC,
    async find(token) {
      const tokenHash = hashToken(token);
      const session = await findSession(sql, tokenHash);
      if (!session) return undefined;
      return {
        userId: session.user.id,
        role: session.user.role,
        tokenHash,
        expiresAtMs: session.expiresAtMs,
      };
    },
    async live(tokenHashes) {
      if (tokenHashes.length === 0) return new Set();
      const rows = await sql.query<{ token_hash: string }>(
        `SELECT s.token_hash FROM sessions s JOIN users u ON u.id = s.user_id
          WHERE s.token_hash = ANY($1::text[]) AND s.revoked_at IS NULL AND s.expires_at > now()
            AND u.status = 'active'`,
        [tokenHashes],
      );
      return new Set(rows.map((row) => row.token_hash));
    },
  };
}
