import pg from 'pg';

/**
 * Simulates the server dropping connections, as a restart or failover does: terminates backends from a
 * separate session. Answers how many were terminated.
 */
export async function terminateBackends(
  url: string,
  where: { applicationName: string } | { pid: number },
): Promise<number> {
  const admin = new pg.Client({ connectionString: url, application_name: 'backlay-test-admin' });
  await admin.connect();
  try {
    const result =
      'pid' in where
        ? await admin.query('SELECT pg_terminate_backend($1)', [where.pid])
        : await admin.query(
            'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1 AND pid <> pg_backend_pid()',
            [where.applicationName],
          );
    return result.rowCount ?? 0;
  } finally {
    await admin.end();
  }
}

/** Polls until `check` holds, failing after `timeoutMs`; answers the elapsed milliseconds. */
export async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 5_000): Promise<number> {
  const startedMs = performance.now();
  while (!(await check())) {
    if (performance.now() - startedMs > timeoutMs)
      throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return performance.now() - startedMs;
}
