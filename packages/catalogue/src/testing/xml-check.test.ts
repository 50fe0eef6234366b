import { describe, expect, it } from 'vitest';
import { xmlProblem } from './xml-check.ts';

describe('xmlProblem', () => {
  it('accepts a well-formed document', () => {
    expect(xmlProblem('<svg a="1"><title>A &amp; B</title><rect/></svg>')).toBeUndefined();
  });

  it.each([
    ['<svg><title>A & B</title></svg>', 'bare "&"'],
    ['<svg><title>a < b</title></svg>', 'malformed tag'],
    ['<svg><g></svg>', 'unexpected </svg>'],
    ['<svg>', 'unclosed <svg>'],
    ['<svg a="x"a="y"></svg>', 'malformed tag'],
    ['<svg a="1" a="2"></svg>', 'duplicate attribute'],
    ['<svg t="a<b"></svg>', 'raw "<"'],
    ['<svg/><svg/>', '2 root elements'],
    ['hi<svg/>', 'text outside the root'],
  ])('rejects %s', (xml, problem) => {
    expect(xmlProblem(xml)).toContain(problem);
  });
});
