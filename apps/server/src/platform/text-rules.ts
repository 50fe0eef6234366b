import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from '../lib/http-errors.ts';

/**
 * One rule for every piece of text a client sends (docs/decisions/0046). PostgreSQL refuses NUL and
 * broken UTF-16 with an error (a 500 if it gets that far), and control or text-direction characters let
 * a name or remark disguise itself in the operator's lists. So they are refused at the edge, for every
 * route, before any schema or handler sees them.
 */

// C0 controls, DEL and C1 controls; body text may keep tab, newline and carriage return.
// Matching control characters is the point of these two patterns.
// eslint-disable-next-line no-control-regex
const CONTROL_IN_LINE = /[\u0000-\u001F\u007F-\u009F]/;
// eslint-disable-next-line no-control-regex
const CONTROL_IN_BODY = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
// Embeddings and overrides (U+202A–U+202E) and isolates (U+2066–U+2069).
const TEXT_DIRECTION = /[\u202A-\u202E\u2066-\u2069]/;
// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Objects and arrays nested deeper than this are refused rather than walked. */
export const MAX_NESTING_DEPTH = 32;

export type TextKind = 'line' | 'body';

/** Why `text` is refused, as the end of "Invalid <field>: …", or undefined when it is acceptable. */
export function textProblem(text: string, kind: TextKind): string | undefined {
  if ((kind === 'line' ? CONTROL_IN_LINE : CONTROL_IN_BODY).test(text)) return 'contains a control character';
  if (LONE_SURROGATE.test(text)) return 'contains an incomplete Unicode character';
  if (TEXT_DIRECTION.test(text)) return 'contains a text-direction control character';
  return undefined;
}

export type TextViolation = { field: string; problem: string; code: 'INVALID_TEXT' | 'INVALID_REQUEST' };

const join = (path: string, key: string) => (path ? `${path}.${key}` : key);

/**
 * Walks a parsed query, params object or JSON body (iteratively, so hostile nesting cannot overflow the
 * stack) and answers the first string, or object key, that breaks the rule. `root` names a value that is
 * itself a string (a JSON body like "\u0000").
 */
export function findTextViolation(value: unknown, kind: TextKind, root: string): TextViolation | undefined {
  const pending: Array<{ value: unknown; path: string; depth: number }> = [{ value, path: '', depth: 0 }];
  for (let item = pending.pop(); item; item = pending.pop()) {
    if (typeof item.value === 'string') {
      const problem = textProblem(item.value, kind);
      if (problem) return { field: item.path || root, problem, code: 'INVALID_TEXT' };
      continue;
    }
    if (typeof item.value !== 'object' || item.value === null) continue;
    if (item.depth >= MAX_NESTING_DEPTH) {
      const problem = `is nested more than ${MAX_NESTING_DEPTH} levels deep`;
      return { field: item.path || root, problem, code: 'INVALID_REQUEST' };
    }
    // Reversed onto the stack, so fields are checked (and reported) in the order they were sent.
    for (const [key, child] of Object.entries(item.value).reverse()) {
      const keyProblem = textProblem(key, 'line');
      if (keyProblem)
        return { field: `field name in ${item.path || root}`, problem: keyProblem, code: 'INVALID_TEXT' };
      pending.push({ value: child, path: join(item.path, key), depth: item.depth + 1 });
    }
  }
  return undefined;
}

/** Query and path values are single lines; JSON bodies may carry multi-line text. */
export function checkRequestText(request: Pick<FastifyRequest, 'query' | 'params' | 'body'>): void {
  const violation =
    findTextViolation(request.params, 'line', 'path') ??
    findTextViolation(request.query, 'line', 'query') ??
    findTextViolation(request.body, 'body', 'body');
  if (violation) throw badRequest(`Invalid ${violation.field}: ${violation.problem}`, violation.code);
}

/**
 * Applies the rule to every route, present and future: it runs before any schema validation. Hooks on
 * every request are callback-style: an async hook costs a promise and a turn per request.
 */
export function registerTextRules(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    try {
      checkRequestText(request);
      done();
    } catch (error) {
      done(error as Error);
    }
  });
}
