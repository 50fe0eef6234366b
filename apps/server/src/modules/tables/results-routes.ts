import {
  casinoResultDetailSchema,
  casinoResultsQuerySchema,
  casinoResultsResponseSchema,
  EARLIEST_REPORT_DATE,
  LATEST_REPORT_DATE,
  roundIdSchema,
} from '@backlay/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { errorResponses } from '../../platform/error-responses.ts';
import { reject, unwrap } from '../../platform/rejections.ts';
import { tableError } from './errors.ts';
import { listResults, readResult } from './results-repo.ts';

const errors = errorResponses(400, 401, 404);

/** `2024-05-31` as that UTC day in epoch ms; null for an impossible date (2024-02-30) or one out of range. */
export function utcDay(date: string): { startMs: number; endMs: number } | null {
  if (date < EARLIEST_REPORT_DATE || date > LATEST_REPORT_DATE) return null;
  const startMs = Date.parse(`${date}T00:00:00.000Z`);
  if (Number.isNaN(startMs) || new Date(startMs).toISOString().slice(0, 10) !== date) return null;
  return { startMs, endMs: startMs + 86_400_000 };
}

/** Casino Results: finished rounds of every in-house table and the crash game (docs/decisions/0150). */
export function resultsRoutes(deps: { db: Database }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/casino-results',
      {
        schema: {
          tags: ['tables'],
          querystring: casinoResultsQuerySchema,
          response: { 200: casinoResultsResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { table, date, page, pageSize } = request.query;
        const day = date === undefined ? undefined : utcDay(date);
        if (day === null)
          unwrap(
            reject(
              'invalid',
              'INVALID_DATE',
              `date: must be a day from ${EARLIEST_REPORT_DATE} to ${LATEST_REPORT_DATE}.`,
            ),
          );
        const found = await listResults(deps.db, { tableId: table, day: day ?? undefined, page, pageSize });
        return { ...found, page, pageSize };
      },
    );

    app.get(
      '/api/casino-results/:roundId',
      {
        schema: {
          tags: ['tables'],
          params: z.object({ roundId: roundIdSchema }),
          response: { 200: casinoResultDetailSchema, ...errors },
        },
      },
      async (request) => {
        const found = await readResult(deps.db, request.params.roundId);
        return unwrap(found ? { ok: true, value: found } : tableError('UNKNOWN_RESULT'));
      },
    );
  };
}
