import {
  createStaffRequestSchema,
  idSchema,
  staffListSchema,
  staffResponseSchema,
  updateStaffRequestSchema,
} from '@backlay/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../platform/error-responses.ts';
import { unwrap } from '../../platform/rejections.ts';
import { actorOf } from '../audit/index.ts';
import { listStaff, OWNER_ONLY } from '../auth/index.ts';
import { changeStaff, createStaff, type StaffDeps } from './staff-service.ts';

const tags = ['admin'];
const config = { roles: OWNER_ONLY };

/** Staff accounts, the owner's alone (docs/decisions/0236). */
export function staffRoutes(deps: StaffDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/admin/staff',
      { config, schema: { tags, response: { 200: staffListSchema, ...errorResponses(401, 403) } } },
      async () => ({ items: await listStaff(deps.db) }),
    );

    app.post(
      '/api/admin/staff',
      {
        config,
        schema: {
          tags,
          body: createStaffRequestSchema,
          response: { 201: staffResponseSchema, ...errorResponses(400, 401, 403, 409) },
        },
      },
      async (request, reply) =>
        reply.code(201).send({ staff: unwrap(await createStaff(deps, request.body, actorOf(request))) }),
    );

    app.patch(
      '/api/admin/staff/:id',
      {
        config,
        schema: {
          tags,
          params: z.object({ id: idSchema }),
          body: updateStaffRequestSchema,
          response: { 200: staffResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => ({
        staff: unwrap(await changeStaff(deps, request.params.id, request.body, actorOf(request))),
      }),
    );
  };
}
