import { paths, routedPaths } from '../paths.ts';

/** What the access gate does for a location. */
export type Access =
  | { kind: 'login' } // show the login screen in place, whatever the path
  | { kind: 'redirect'; to: string }
  | { kind: 'page' };

/** Route matching is case-insensitive and ignores trailing slashes, like the router's own matching. */
export function normalizePath(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return (trimmed === '' ? '/' : trimmed).toLowerCase();
}

const known = new Set(routedPaths.map(normalizePath));

export function isRoutedPath(pathname: string): boolean {
  return known.has(normalizePath(pathname));
}

/**
 * The access rules: without a token the login screen is shown at any path; with a token
 * `/` redirects to `/login`, unknown paths redirect to `/home`, every routed path renders
 * (including `/login`, which shows the login page again).
 */
export function resolveAccess(pathname: string, hasToken: boolean): Access {
  if (!hasToken) return { kind: 'login' };
  const path = normalizePath(pathname);
  if (path === '/') return { kind: 'redirect', to: paths.login };
  if (!known.has(path)) return { kind: 'redirect', to: paths.home };
  return { kind: 'page' };
}

/** Whether the shell (sidebar, header, carousel, footer) is shown: every page but the login page. */
export function showsShell(pathname: string): boolean {
  return normalizePath(pathname) !== paths.login;
}
