import type { Page } from 'playwright-core';
import { routedPaths } from '../../apps/web/src/paths.ts';

/** Every routed path of the portal, from the web app's own route list, so a new route is checked too. */
export const portalPaths: readonly string[] = routedPaths;

export const PHONE = { width: 390, height: 844 } as const;
/** The narrowest phone the console is checked at (an iPhone SE or mini class screen). */
export const SMALL_PHONE = { width: 375, height: 812 } as const;
export const DESKTOP = { width: 1280, height: 800 } as const;

/**
 * Moves to `path` inside the already open app (same document, so injected scripts stay) and waits until
 * the new page has replaced the old one and nothing inside it is still loading.
 */
export async function goInApp(page: Page, path: string, signedIn = true): Promise<void> {
  if (!signedIn) return goSignedOut(page, path);
  await page.evaluate((target) => {
    const root = document.querySelector('main > *') ?? document.querySelector('main');
    (window as unknown as { previousRoot: Element | null }).previousRoot = root;
    window.location.hash = target;
  }, path);
  await page.waitForFunction(
    () => {
      const root =
        document.querySelector('main > [data-testid]') ?? document.querySelector('main[data-testid]');
      const previous = (window as unknown as { previousRoot: Element | null }).previousRoot;
      const loading = document.querySelector('main [aria-busy="true"]');
      return root !== null && root !== previous && loading === null;
    },
    undefined,
    { timeout: 15_000 },
  );
}

/** Signed out, every path shows the same login page in place: wait for the hash and two frames. */
async function goSignedOut(page: Page, path: string): Promise<void> {
  await page.evaluate(async (target) => {
    window.location.hash = target;
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  }, path);
  await page.getByTestId('login-page').waitFor();
}
