import { startPortalProcess } from '../portal-process.ts';

export interface RunningPortal {
  baseUrl: string;
  stop: () => Promise<void>;
}

/**
 * Starts the real portal entry point with a throw-away embedded database, serving the web build
 * in apps/web/dist (the caller builds it first).
 */
export async function startPortal(): Promise<RunningPortal> {
  const { baseUrl, stop } = await startPortalProcess({ dataDirPrefix: 'backlay-lighthouse-' });
  return { baseUrl, stop };
}

/** A fresh demo player's session, the way the login page stores it. */
export async function demoSession(baseUrl: string): Promise<{ token: string; user: string }> {
  const response = await fetch(`${baseUrl}/api/demoLogin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  if (!response.ok) throw new Error(`demo login failed: ${response.status}`);
  const body = (await response.json()) as { access_token: string; user: unknown };
  return { token: body.access_token, user: JSON.stringify(body.user) };
}
