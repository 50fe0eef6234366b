import { catalogueResponseSchema } from '@backlay/contracts';
import {
  buildCatalogueBody,
  catalogueEtag,
  contentEtag,
  THUMBNAIL_PATH_PREFIX,
  thumbnailForPath,
} from '@backlay/catalogue';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/http-errors.ts';
import { errorResponses } from '../../platform/error-responses.ts';
import { ifNoneMatchHits } from './etag.ts';

/** The list changes only with a new build; five minutes bounds how long a browser shows an old one. */
export const CATALOGUE_CACHE = 'public, max-age=300';
/**
 * Thumbnail URLs carry no version and a picture can change with a new build (docs/decisions/0116), so
 * not `immutable`: a day fresh, then revalidated with the ETag (docs/decisions/0119).
 */
export const THUMBNAIL_CACHE = 'public, max-age=86400, stale-while-revalidate=604800';
/** An SVG opened on its own is a document: no scripts, no requests, only its inline styling. */
export const THUMBNAIL_CSP = "default-src 'none'; style-src 'unsafe-inline'";

// What a thumbnail file name can look like: a catalogue id (hex or digits) and `.svg`. Anything else —
// `../`, slashes, a missing extension — is refused before the catalogue is consulted.
const THUMBNAIL_FILE = /^[0-9a-z]{1,64}\.svg$/;

type Tagged = { text: string; etag: string };

/** Sends the tag and cache policy, then either 304 (the client's copy is current) or the text. */
function sendTagged(request: FastifyRequest, reply: FastifyReply, tagged: Tagged, cacheControl: string) {
  void reply.header('etag', tagged.etag).header('cache-control', cacheControl);
  if (ifNoneMatchHits(request.headers['if-none-match'], tagged.etag)) return reply.code(304).send();
  return reply.send(tagged.text);
}

/** The thumbnail for a file name, tagged once per title and kept (at most one per catalogue title). */
function thumbnailStore(): (file: string) => Tagged | undefined {
  const byFile = new Map<string, Tagged>();
  return (file) => {
    if (!THUMBNAIL_FILE.test(file)) return undefined;
    const known = byFile.get(file);
    if (known) return known;
    const svg = thumbnailForPath(file);
    if (svg === undefined) return undefined;
    const tagged = { text: svg, etag: contentEtag(svg) };
    byFile.set(file, tagged);
    return tagged;
  };
}

/** Needs nothing from composition: the data is built into `@backlay/catalogue`. */
export function catalogueRoutes(): FastifyPluginAsyncZod {
  return async (app) => {
    // Built, serialised and tagged once: the data cannot change while the process runs, and the tag
    // then describes exactly the bytes sent.
    const body = buildCatalogueBody();
    const catalogueJson: Tagged = { text: JSON.stringify(body), etag: catalogueEtag(body) };
    const thumbnail = thumbnailStore();

    app.get(
      '/api/catalogue',
      {
        // Same answer for everyone, nothing personal: no token, and shared caches may keep it (0118).
        config: { public: true, cache: 'public' },
        schema: {
          tags: ['catalogue'],
          security: [],
          response: { 200: catalogueResponseSchema, ...errorResponses(400) },
        },
      },
      async (request, reply) => {
        void reply.type('application/json; charset=utf-8');
        return sendTagged(request, reply, catalogueJson, CATALOGUE_CACHE);
      },
    );

    app.get(
      `${THUMBNAIL_PATH_PREFIX}:file`,
      {
        schema: {
          tags: ['catalogue'],
          security: [],
          params: z.object({ file: z.string() }),
          response: errorResponses(404),
        },
      },
      async (request, reply) => {
        const tagged = thumbnail(request.params.file);
        if (!tagged) throw notFound('No such thumbnail.');
        void reply
          .type('image/svg+xml; charset=utf-8')
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', THUMBNAIL_CSP);
        return sendTagged(request, reply, tagged, THUMBNAIL_CACHE);
      },
    );
  };
}
