import type { FastifyInstance } from 'fastify';

/**
 * Inside the Betfair routes only (an encapsulated plugin): identity takes form posts, and API-NG bodies
 * stay raw text so its dispatcher answers bad JSON in Betfair's terms. Any other content type is read
 * as text too: Betfair's clients do not all label their bodies.
 */
export function betfairBodies(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
}
