import { describe, expect, it } from 'vitest';
import { buildCatalogueBody } from '@backlay/catalogue';
import { gameCountText, providerLists } from './catalogue-tiles.ts';
import { providers } from './home-data.ts';

describe('catalogue tiles on home', () => {
  it('maps the home provider sections to the catalogue lists in order', () => {
    expect(providerLists.map((list) => list.label)).toEqual(providers);
    expect(providerLists.map((list) => list.key)).toEqual(['jili', 'spribe', 'jdb']);
  });

  it('counts the SPRIBE grid at 11 titles and JDB at about 130', () => {
    const body = buildCatalogueBody();
    expect(gameCountText(body.spribe.length)).toBe('11 games');
    expect(body.jdb.length).toBeGreaterThanOrEqual(120);
    expect(body.jdb.length).toBeLessThanOrEqual(140);
  });

  it('words a single title without a plural', () => {
    expect(gameCountText(1)).toBe('1 game');
    expect(gameCountText(0)).toBe('0 games');
  });
});
