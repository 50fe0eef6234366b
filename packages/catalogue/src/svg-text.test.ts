import { describe, expect, it } from 'vitest';
import { escapeXml, layoutTitle } from './svg-text.ts';

describe('escapeXml', () => {
  it('escapes the five markup characters', () => {
    expect(escapeXml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&apos;&amp;&apos;&lt;/a&gt;');
  });

  it('drops characters XML forbids but keeps tabs, newlines and astral characters', () => {
    expect(escapeXml('a\u0000b\u001Fc\uFFFEd\uD800e')).toBe('abcde');
    expect(escapeXml('a\tb\nc 🎰')).toBe('a\tb\nc 🎰');
  });
});

describe('layoutTitle', () => {
  const sizes = [22, 18, 14];

  it('uses the largest size at which the words fit', () => {
    expect(layoutTitle('Aviator', 220, sizes)).toEqual({ fontSizePx: 22, lines: ['Aviator'] });
    expect(layoutTitle('Charge Buffalo Ascent', 220, sizes)).toEqual({
      fontSizePx: 22,
      lines: ['Charge Buffalo', 'Ascent'],
    });
  });

  it('cuts what does not fit at the smallest size and marks it', () => {
    const layout = layoutTitle('one two three four five six seven eight nine ten eleven twelve', 100, sizes);
    expect(layout.fontSizePx).toBe(14);
    expect(layout.lines).toHaveLength(2);
    expect(layout.lines[1]!.endsWith('…')).toBe(true);
    expect(layout.lines.every((line) => line.length <= Math.floor(100 / (14 * 0.6)))).toBe(true);
  });

  it('cuts a single over-long word', () => {
    const layout = layoutTitle('Supercalifragilisticexpialidocious', 100, sizes);
    expect(layout.lines).toEqual(['Supercalif…']);
  });
});
