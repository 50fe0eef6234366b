import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { TestContext } from '../../test/test-app.ts';

/** A refusal as the API sends one: the status, a message that says what is wrong, and the code if given. */
export function expectRefused(response: LightMyRequestResponse, status: number, code?: string): void {
  expect(response.statusCode, response.body).toBe(status);
  const body = response.json<{ message?: unknown; code?: unknown }>();
  expect(typeof body.message === 'string' && body.message.length > 0, response.body).toBe(true);
  if (code !== undefined) expect(body.code, response.body).toBe(code);
}

/** A request as the console sends it: JSON when there is a payload, none when not. */
export function sendJson(
  t: TestContext,
  headers: Record<string, string>,
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  payload?: unknown,
) {
  if (payload === undefined) return t.app.inject({ method, url, headers });
  const json = { ...headers, 'content-type': 'application/json' };
  return t.app.inject({ method, url, headers: json, payload: JSON.stringify(payload) });
}

/** The number a `SELECT count(*) AS n …` answers. */
export async function rowCount(t: TestContext, sql: string, params: unknown[] = []): Promise<number> {
  const [row] = await t.deps.db.query<{ n: number | string }>(sql, params);
  return Number(row?.n ?? 0);
}

/** One part of a form: a file when it has a name, a text field when not. */
export type FormPart = { field: string; name?: string; content: Buffer };

const BOUNDARY = 'badInputBoundary5RmFZ0q1';

/** A multipart/form-data body of these parts, the file names sent as they are (no escaping). */
export function multipartBody(parts: readonly FormPart[]): { body: Buffer; contentType: string } {
  const chunks = parts.flatMap(({ field, name, content }) => {
    const filename = name === undefined ? '' : `; filename="${name}"`;
    const head = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"${filename}\r\n\r\n`;
    return [Buffer.from(head), content, Buffer.from('\r\n')];
  });
  return {
    body: Buffer.concat([...chunks, Buffer.from(`--${BOUNDARY}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
  };
}
