import {
  eventDetailSchema,
  eventsResponseSchema,
  feedIdSchema,
  marketSchema,
  sportsQuerySchema,
  sportsResponseSchema,
} from '@backlay/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { errorResponses } from '../../platform/error-responses.ts';
import { reject, unwrap } from '../../platform/rejections.ts';
import { listEvents, listSports, readEvent } from './events-read.ts';
import { readMarketsById } from './market-read.ts';

const errors = errorResponses(400, 401, 404);
const idParams = z.object({ id: feedIdSchema });

export type SportsDeps = { db: Database };

/** Sports, events and markets as the feed keeps them (docs/decisions/0120); signed-in players only. */
export function sportsRoutes(deps: SportsDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/sports',
      { schema: { tags: ['sports'], response: { 200: sportsResponseSchema, ...errors } } },
      async () => listSports(deps.db),
    );

    app.get(
      '/api/events',
      {
        schema: {
          tags: ['sports'],
          querystring: sportsQuerySchema,
          response: { 200: eventsResponseSchema, ...errors },
        },
      },
      async (request) => unwrap(await listEvents(deps.db, request.query.sport)),
    );

    app.get(
      '/api/events/:id',
      { schema: { tags: ['sports'], params: idParams, response: { 200: eventDetailSchema, ...errors } } },
      async (request) => unwrap(await readEvent(deps.db, request.params.id)),
    );

    // `<event id>.<kind>` needs no encoding; markets stored before keep a slash, sent as %2F (0226).
    app.get(
      '/api/markets/:id',
      { schema: { tags: ['sports'], params: idParams, response: { 200: marketSchema, ...errors } } },
      async (request) => {
        const [market] = await readMarketsById(deps.db, [request.params.id]);
        return unwrap(
          market
            ? { ok: true, value: market }
            : reject('not_found', 'UNKNOWN_MARKET', 'There is no such market.'),
        );
      },
    );
  };
}
