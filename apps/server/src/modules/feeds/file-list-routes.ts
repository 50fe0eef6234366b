import { feedFilesPageSchema, feedFilesQuerySchema } from '@backlay/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database.ts';
import { errorResponses } from '../../platform/error-responses.ts';
import { TRADING } from '../auth/index.ts';
import { listFeedFiles } from './files-repo.ts';

/**
 * `GET /api/admin/feed-files`: what was uploaded before, so a recording is replayed again (or with
 * its catalogue) after the page that uploaded it is gone; owner and trader.
 */
export function feedFileListRoutes(db: Database): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/admin/feed-files',
      {
        config: { roles: TRADING },
        schema: {
          tags: ['feeds'],
          description:
            'The stored recordings, catalogues and sports-data files, newest first, paged by `next`.',
          querystring: feedFilesQuerySchema,
          response: { 200: feedFilesPageSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => listFeedFiles(db, request.query),
    );
  };
}
