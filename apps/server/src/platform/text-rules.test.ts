import { describe, expect, it } from 'vitest';
import { checkRequestText, findTextViolation, MAX_NESTING_DEPTH, textProblem } from './text-rules.ts';

describe('textProblem', () => {
  it.each([
    ['NUL', '\u0000', 'line', /control character/],
    ['bell', 'a\u0007b', 'body', /control character/],
    ['escape', '\u001b[31m', 'body', /control character/],
    ['DEL', 'a\u007f', 'body', /control character/],
    ['C1 control', 'a\u0085', 'body', /control character/],
    ['newline in a query value', 'a\nb', 'line', /control character/],
    ['lone high surrogate', 'a\ud800b', 'body', /incomplete Unicode/],
    ['lone low surrogate', '\udc00', 'body', /incomplete Unicode/],
    ['right-to-left override', 'gpj.\u202eexe', 'body', /text-direction/],
    ['left-to-right isolate', '\u2066x\u2069', 'body', /text-direction/],
  ] as const)('refuses %s', (_name, text, kind, problem) => {
    expect(textProblem(text, kind)).toMatch(problem);
  });

  it.each([
    ['plain text', 'Top-up 50% for Ravi', 'line'],
    ['accents and scripts', 'Zoë · नमस्ते · 你好', 'line'],
    ['a surrogate pair (emoji)', 'win 🏏', 'line'],
    ['tab, newline and CR in body text', 'line 1\r\n\tline 2', 'body'],
    ['Arabic text (direction marks are not overrides)', 'مرحبا\u200f', 'body'],
  ] as const)('accepts %s', (_name, text, kind) => {
    expect(textProblem(text, kind)).toBeUndefined();
  });
});

describe('findTextViolation', () => {
  it('names the field by its path inside the body', () => {
    const body = {
      game: [
        { label: 'ok', value: 1 },
        { label: 'x\u0000', value: 2 },
      ],
    };
    expect(findTextViolation(body, 'body', 'body')).toMatchObject({
      field: 'game.1.label',
      code: 'INVALID_TEXT',
    });
  });

  it('names a body that is itself a string, and checks object keys', () => {
    expect(findTextViolation('\ud800', 'body', 'body')?.field).toBe('body');
    expect(findTextViolation({ 'a\u0000': 1 }, 'body', 'body')?.field).toBe('field name in body');
  });

  it('refuses hostile nesting instead of walking it', () => {
    let deep: unknown = 'x';
    for (let level = 0; level < 100_000; level += 1) deep = [deep];
    expect(findTextViolation(deep, 'body', 'body')).toMatchObject({ code: 'INVALID_REQUEST' });
    let fine: unknown = 'x';
    for (let level = 0; level < MAX_NESTING_DEPTH; level += 1) fine = { a: fine };
    expect(findTextViolation(fine, 'body', 'body')).toBeUndefined();
  });

  it('throws a 400 naming the field for a request', () => {
    const request = { params: {}, query: { search: 'a\u0000' }, body: undefined };
    expect(() => checkRequestText(request)).toThrow(
      expect.objectContaining({
        statusCode: 400,
        code: 'INVALID_TEXT',
        message: 'Invalid search: contains a control character',
      }),
    );
  });
});
