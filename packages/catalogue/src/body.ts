import { catalogue, type Catalogue } from './catalogue.ts';
import { sha256Hex } from './hash.ts';
import type { CatalogueBody, CatalogueEntry, CatalogueItem } from './types.ts';

/** The wire form of one entry: spec §3 fields plus `category`, and JDB's `provider` and `gType`. */
export function toCatalogueItem(entry: CatalogueEntry): CatalogueItem {
  const item: CatalogueItem = { name: entry.name, id: entry.id, img: entry.img, category: entry.category };
  if (entry.provider === 'jdb') {
    item.provider = 'jdb';
    if (entry.gType !== undefined) item.gType = entry.gType;
  }
  return item;
}

/** The body of `GET /api/catalogue`: `{jili, spribe, jdb}`, each list in catalogue order. */
export function buildCatalogueBody(source: Catalogue = catalogue): CatalogueBody {
  return {
    jili: source.jili.map(toCatalogueItem),
    spribe: source.spribe.map(toCatalogueItem),
    jdb: source.jdb.map(toCatalogueItem),
  };
}

/**
 * A strong ETag for a body: the quoted first 128 bits of SHA-256 over its JSON. The body is built in a
 * fixed order with fixed key order, so equal data always gives the same tag and any change gives a new one.
 */
export function catalogueEtag(body: CatalogueBody): string {
  return `"${sha256Hex(JSON.stringify(body)).slice(0, 32)}"`;
}

/** A strong ETag for any served text, e.g. one thumbnail. */
export function contentEtag(text: string): string {
  return `"${sha256Hex(text).slice(0, 32)}"`;
}
