import { stakeButtonsSchema } from '@backlay/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database.ts';
import { errorResponses } from '../../platform/error-responses.ts';
import { requireUser } from '../auth/index.ts';
import { readStakeButtons, saveStakeButtons } from './stake-buttons-repo.ts';

const errors = errorResponses(400, 401);

/** Set Button Value: ten Game and ten Casino presets per player, feeding the bet slips' quick buttons. */
export type SettingsDeps = { db: Database };

export function settingsRoutes(deps: SettingsDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/settings/stake-buttons',
      { schema: { tags: ['settings'], response: { 200: stakeButtonsSchema, ...errors } } },
      async (request) => readStakeButtons(deps.db, requireUser(request).id),
    );

    app.put(
      '/api/settings/stake-buttons',
      {
        schema: {
          tags: ['settings'],
          body: stakeButtonsSchema,
          response: { 200: stakeButtonsSchema, ...errors },
        },
      },
      async (request) => {
        const user = requireUser(request);
        await saveStakeButtons(deps.db, user.id, request.body);
        return readStakeButtons(deps.db, user.id);
      },
    );
  };
}
