import { existsSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import { inject } from 'vitest';

import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../tools/chromium.ts';

export { CHROMIUM_PATH };

/**
 * In CI a missing browser is a failure; on a developer machine the browser suites are skipped
 * with a printed reason instead.
 */
export const browserAvailable = (() => {
  if (existsSync(CHROMIUM_PATH)) return true;
  if (process.env.CI === 'true') throw new Error(`Chromium not found at ${CHROMIUM_PATH} (required in CI)`);
  console.warn(
    `Skipping browser tests: Chromium not found at ${CHROMIUM_PATH} (apt-get install -y chromium)`,
  );
  return false;
})();

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_FLAGS,
  });
}

export const baseUrl = (): string => inject('baseUrl');

export type Session = { token: string; user: { id: string; unique_code: string; name: string } };

export async function apiLogin(email: string, password: string): Promise<Session> {
  const response = await fetch(`${baseUrl()}/api/loginUser`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`login failed: ${response.status}`);
  const body = (await response.json()) as { access_token: string; user: Session['user'] };
  return { token: body.access_token, user: body.user };
}

export async function apiDemoLogin(): Promise<Session> {
  const response = await fetch(`${baseUrl()}/api/demoLogin`, { method: 'POST' });
  const body = (await response.json()) as { access_token: string; user: Session['user'] };
  return { token: body.access_token, user: body.user };
}

/** Opens the app already signed in, the way a successful login leaves session storage. */
export async function openSignedIn(page: Page, session: Session, path: string): Promise<void> {
  await page.addInitScript(
    ([token, user]) => {
      // window.name survives reloads in this tab, so the session is planted once, not after sign-out.
      if (window.name !== 'session-planted') {
        window.name = 'session-planted';
        sessionStorage.setItem('token', token);
        sessionStorage.setItem('user', user);
      }
    },
    [session.token, JSON.stringify(session.user)] as const,
  );
  await page.goto(`${baseUrl()}/#${path}`);
}

export const hashPath = (page: Page): string =>
  new URL(page.url()).hash.replace(/^#/, '').split('?')[0] ?? '';

export async function apiCall<T>(token: string, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${baseUrl()}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

export async function operatorSession(): Promise<Session> {
  return apiLogin(inject('adminEmail'), inject('adminPassword'));
}
