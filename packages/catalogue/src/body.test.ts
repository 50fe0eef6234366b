import { describe, expect, it } from 'vitest';
import { buildCatalogueBody, catalogueEtag, contentEtag } from './body.ts';
import { catalogue } from './catalogue.ts';

const SPEC_FIELDS = ['name', 'id', 'img', 'provider', 'url', 'category', 'gType'];

describe('buildCatalogueBody', () => {
  const body = buildCatalogueBody();

  it('is {jili, spribe, jdb} with one item per catalogue entry, in order', () => {
    expect(Object.keys(body)).toEqual(['jili', 'spribe', 'jdb']);
    expect(body.jili.map((item) => item.id)).toEqual(catalogue.jili.map((entry) => entry.id));
    expect(body.spribe).toHaveLength(11);
    expect(body.jdb).toHaveLength(catalogue.jdb.length);
  });

  it('carries only the spec item fields (plus category and JDB gType), never engine internals', () => {
    for (const item of [...body.jili, ...body.spribe, ...body.jdb]) {
      for (const key of Object.keys(item)) expect(SPEC_FIELDS, key).toContain(key);
      expect(typeof item.name).toBe('string');
      expect(item.img).toMatch(/^\/catalogue\/thumbs\/[0-9a-f]+\.svg$/);
    }
    expect(body.jili.every((item) => typeof item.id === 'string' && item.id.length === 32)).toBe(true);
    expect(body.jili.some((item) => 'provider' in item)).toBe(false);
    expect(body.jdb.every((item) => item.provider === 'jdb' && typeof item.id === 'number')).toBe(true);
    expect(body.jdb.find((item) => item.id === 22001)).toEqual({
      name: 'Aviator',
      id: 22001,
      img: '/catalogue/thumbs/22001.svg',
      category: 'crash',
      provider: 'jdb',
      gType: 22,
    });
  });
});

describe('catalogueEtag', () => {
  it('is a quoted strong tag, stable across builds of the same data', () => {
    const tag = catalogueEtag(buildCatalogueBody());
    expect(tag).toMatch(/^"[0-9a-f]{32}"$/);
    expect(catalogueEtag(buildCatalogueBody())).toBe(tag);
  });

  it('changes when any item changes', () => {
    const body = buildCatalogueBody();
    const tag = catalogueEtag(body);
    const renamed = structuredClone(body);
    renamed.jdb[0]!.name += ' ';
    expect(catalogueEtag(renamed)).not.toBe(tag);
    const shorter = { ...body, spribe: body.spribe.slice(1) };
    expect(catalogueEtag(shorter)).not.toBe(tag);
  });

  it('contentEtag tags any text the same way', () => {
    expect(contentEtag('abc')).toBe('"ba7816bf8f01cfea414140de5dae2223"');
  });
});
