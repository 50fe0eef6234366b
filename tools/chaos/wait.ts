/** Polls `probe` every `everyMs` until it answers a value (not undefined/null/false); throws after `timeoutMs`. */
export async function waitFor<T>(
  what: string,
  probe: () => Promise<T | null | undefined | false> | T | null | undefined | false,
  timeoutMs: number,
  everyMs = 100,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await probe();
      if (value !== null && value !== undefined && value !== false) return value;
    } catch (error) {
      // A probe may fail while the fault lasts (the database cut, say); keep trying until the deadline.
      lastError = error;
    }
    await sleep(everyMs);
  }
  const cause = lastError instanceof Error ? ` (last error: ${lastError.message})` : '';
  throw new Error(`timed out after ${Math.round(timeoutMs / 1000)} s waiting for ${what}${cause}`);
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `work` again while the database refuses it for want of connections (53300, when other clusters
 * share its server) or a connection it used was cut; any other error, or one past `timeoutMs`, is thrown.
 */
export async function retryingDatabase<T>(work: () => Promise<T>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await work();
    } catch (error) {
      const code = (error as { code?: string }).code;
      const transient =
        code === '53300' || code === '57P01' || code === 'ECONNRESET' || code === 'ECONNREFUSED';
      if (!transient || Date.now() > deadline) throw error;
      await sleep(1_000);
    }
  }
}
