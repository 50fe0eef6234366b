import { describe, expect, it } from 'vitest';
import { catalogue } from './catalogue.ts';
import { xmlProblem } from './testing/xml-check.ts';
import { THUMBNAIL_MAX_BYTES, thumbnailForPath, thumbnailSvg, type ThumbnailInput } from './thumbnail.ts';

const all = [...catalogue.jili, ...catalogue.spribe, ...catalogue.jdb];
const svgs = all.map((entry) => thumbnailSvg(entry));
const byteLength = (text: string) => new TextEncoder().encode(text).length;
/** The picture without any text, to compare the art itself. */
const artOnly = (svg: string) =>
  svg.replace(/<title[^>]*>.*?<\/title>/, '').replace(/<text[^>]*>[^<]*<\/text>/g, '');

describe('thumbnailSvg over the whole catalogue', () => {
  it('gives every title its own SVG, and its own art within each provider list', () => {
    expect(new Set(svgs).size).toBe(all.length);
    for (const list of [catalogue.jili, catalogue.spribe, catalogue.jdb]) {
      expect(new Set(list.map((entry) => artOnly(thumbnailSvg(entry)))).size).toBe(list.length);
    }
  });

  it('writes well-formed XML under the size bound with a fixed box and an accessible name', () => {
    svgs.forEach((svg, i) => {
      const name = all[i]!.name;
      expect(xmlProblem(svg), name).toBeUndefined();
      expect(byteLength(svg), name).toBeLessThan(THUMBNAIL_MAX_BYTES);
      expect(svg).toMatch(
        /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="240" height="180" viewBox="0 0 240 180" role="img" aria-labelledby="t"><title id="t">/,
      );
    });
  });

  it('is the same bytes on every call', () => {
    expect(all.map((entry) => thumbnailSvg(entry))).toEqual(svgs);
  });
});

describe('thumbnailSvg text', () => {
  const hostile: ThumbnailInput = {
    name: `<script>alert("x")</script> & 'Tom's' \u0007 Deluxe`,
    id: 'ffffffffffffffffffffffffffffffff',
    category: 'slot',
    provider: 'jili',
    engine: 'slots',
  };

  it('escapes markup characters and drops invalid ones, in the title and the visible text', () => {
    const svg = thumbnailSvg(hostile);
    expect(xmlProblem(svg)).toBeUndefined();
    expect(svg).not.toContain('<script');
    expect(svg).not.toContain('\u0007');
    expect(svg).toContain(
      '<title id="t">&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &apos;Tom&apos;s&apos;  Deluxe</title>',
    );
  });

  it('keeps a very long title inside two lines and the size bound', () => {
    const svg = thumbnailSvg({ ...hostile, name: 'Wonderful '.repeat(40) + '& <End>' });
    expect(xmlProblem(svg)).toBeUndefined();
    expect(svg.match(/<text x="120" y="\d+" font-family/g)).toHaveLength(2);
    expect(svg).toContain('…</text>');
    expect(byteLength(svg)).toBeLessThan(THUMBNAIL_MAX_BYTES);
  });
});

describe('thumbnailForPath', () => {
  it('serves a catalogue id with or without .svg and nothing else', () => {
    const first = catalogue.jili[0]!;
    expect(thumbnailForPath(`${first.id}.svg`)).toBe(thumbnailSvg(first));
    expect(thumbnailForPath('22001.svg')).toContain('<title id="t">Aviator</title>');
    expect(thumbnailForPath('22001')).toBe(thumbnailForPath('22001.svg'));
    expect(thumbnailForPath('../secret.svg')).toBeUndefined();
    expect(thumbnailForPath('sports.svg')).toBeUndefined();
  });
});
