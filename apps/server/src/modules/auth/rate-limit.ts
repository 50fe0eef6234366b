import type { Sql } from '../../db/database.ts';

/** Limits are kept in the database so every portal instance sees the same counts. */
export const LOGIN_LIMITS = {
  windowMinutes: 15,
  failuresPerAddress: 20,
  failuresPerAccount: 5,
  demoLoginsPerAddressPerHour: 30,
} as const;

export const TOO_MANY_LOGINS = 'Too many failed sign-in attempts. Please wait 15 minutes and try again.';
export const TOO_MANY_DEMOS = 'Too many demo accounts opened from this address. Please try again later.';

export async function isLoginBlocked(sql: Sql, address: string, email: string): Promise<boolean> {
  const rows = await sql.query<{ by_address: number; by_account: number }>(
    `SELECT
       (SELECT count(*)::int FROM login_failures
         WHERE address = $1 AND at > now() - make_interval(mins => $3)) AS by_address,
       (SELECT count(*)::int FROM login_failures
         WHERE email = $2 AND at > now() - make_interval(mins => $3)) AS by_account`,
    [address, email, LOGIN_LIMITS.windowMinutes],
  );
  const counts = rows[0];
  if (!counts) return false;
  return (
    counts.by_address >= LOGIN_LIMITS.failuresPerAddress ||
    counts.by_account >= LOGIN_LIMITS.failuresPerAccount
  );
}

export async function recordLoginFailure(sql: Sql, address: string, email: string): Promise<void> {
  await sql.query('INSERT INTO login_failures (address, email) VALUES ($1, $2)', [address, email]);
}

/** Counts and records in one statement; answers false when the address is over its hourly allowance. */
export async function allowDemoLogin(sql: Sql, address: string): Promise<boolean> {
  const rows = await sql.query<{ recent: number }>(
    `SELECT count(*)::int AS recent FROM demo_logins WHERE address = $1 AND at > now() - interval '1 hour'`,
    [address],
  );
  if ((rows[0]?.recent ?? 0) >= LOGIN_LIMITS.demoLoginsPerAddressPerHour) return false;
  await sql.query('INSERT INTO demo_logins (address) VALUES ($1)', [address]);
  return true;
}
