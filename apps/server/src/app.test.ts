import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestContext } from './test/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(() => ctx.close());

describe('portal plumbing', () => {
  it('describes the API as OpenAPI generated from the route schemas', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/api/loginUser', '/api/me']));
    expect(
      document.paths['/api/loginUser'].post.requestBody.content['application/json'].schema.required,
    ).toEqual(expect.arrayContaining(['email', 'password']));
    const page = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
  });

  it('sends a Content-Security-Policy that allows no inline script', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/loginUser', payload: {} });
    const csp = response.headers['content-security-policy'];
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers 401 with a message on protected routes without a token', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/logout' });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toMatch(/bearer token/);
  });

  it('answers 400 with a message for a non-JSON body', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/loginUser',
      headers: { 'content-type': 'text/plain' },
      payload: 'email=a',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toEqual(expect.any(String));
  });
});
