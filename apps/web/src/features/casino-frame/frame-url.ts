import type { CatalogueResponse } from '@backlay/contracts';
import type { LaunchedGame } from '../../lib/launch-store.ts';

/**
 * The game the frame page may show for its `url` parameter, or null. Only an http(s) page that a
 * launch in this tab opened qualifies: the parameter is in the location bar, and a crafted link must
 * not make the portal frame another site under its own name and session bar.
 */
export function frameableGame(
  raw: string | null,
  launched: (url: string) => LaunchedGame | null,
): LaunchedGame | null {
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  return launched(url.href);
}

/** The game id of an aggregator page address, `…/play/<id>?…`; null for any other address. */
export function playedGameId(url: string): string | null {
  const match = /\/play\/([^/?#]+)/.exec(new URL(url).pathname);
  if (!match?.[1]) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return null;
  }
}

/** The catalogue name of the game at `url`, when the catalogue lists its id. */
export function gameName(url: string, catalogue: CatalogueResponse | undefined): string | null {
  const id = playedGameId(url);
  if (id === null || !catalogue) return null;
  const items = [...catalogue.jili, ...catalogue.spribe, ...catalogue.jdb];
  return items.find((item) => String(item.id) === id)?.name ?? null;
}
