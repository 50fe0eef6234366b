import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerErrorHandling, type ErrorHandlingOptions } from './error-handling.ts';
import { HttpError } from './index.ts';

class LostConnection extends Error {}

let app: FastifyInstance | undefined;
afterEach(() => app?.close());

async function appWith(options?: ErrorHandlingOptions): Promise<FastifyInstance> {
  const built = Fastify().withTypeProvider<ZodTypeProvider>();
  built.setValidatorCompiler(validatorCompiler);
  built.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(built, options);
  built.post('/things', { schema: { body: z.object({ name: z.string().min(3) }) } }, async () => ({}));
  built.get('/refused', async () => {
    throw new HttpError(503, 'Busy, come back later.', 'BUSY', 1.2);
  });
  built.get('/teapot', async () => {
    throw Object.assign(new Error('I am a teapot'), { statusCode: 418 });
  });
  built.get('/broken', async () => {
    throw new Error('secret detail');
  });
  built.get('/lost', async () => {
    throw new LostConnection('socket closed');
  });
  await built.ready();
  app = built;
  return built;
}

describe('registerErrorHandling', () => {
  it('answers an HttpError with its status, {message, code} and Retry-After in whole seconds', async () => {
    const response = await (await appWith()).inject({ method: 'GET', url: '/refused' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('2');
    expect(response.json()).toEqual({ message: 'Busy, come back later.', code: 'BUSY' });
  });

  it('names the field a body fails on', async () => {
    const response = await (
      await appWith()
    ).inject({ method: 'POST', url: '/things', payload: { name: 'x' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'Invalid name: Too small: expected string to have >=3 characters',
      code: 'INVALID_REQUEST',
    });
  });

  it('gives a codeless 4xx the app’s client error code, or none', async () => {
    const bare = await (await appWith()).inject({ method: 'GET', url: '/teapot' });
    expect(bare.body).toBe('{"message":"I am a teapot"}');
    await app?.close();
    const coded = await (await appWith({ clientErrorCode: 'INVALID_REQUEST' })).inject({ url: '/teapot' });
    expect(coded.json()).toEqual({ message: 'I am a teapot', code: 'INVALID_REQUEST' });
  });

  it('hides what went wrong in a 5xx, and answers unknown routes 404', async () => {
    const built = await appWith();
    const broken = await built.inject({ method: 'GET', url: '/broken' });
    expect(broken.statusCode).toBe(500);
    expect(broken.json()).toEqual({ message: 'Internal server error', code: 'INTERNAL' });
    const missing = await built.inject({ method: 'GET', url: '/nowhere?x=1' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Route GET /nowhere not found', code: 'NOT_FOUND' });
  });

  it('lets the app answer its own failures first', async () => {
    const built = await appWith({
      answerAs: (error) =>
        error instanceof LostConnection ? new HttpError(503, 'Retry.', 'DOWN', 2) : undefined,
    });
    const response = await built.inject({ method: 'GET', url: '/lost' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('2');
    expect(response.json()).toEqual({ message: 'Retry.', code: 'DOWN' });
  });
});
