import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * The docs page's own policy (it needs hashes for its inline scripts) without
 * upgrade-insecure-requests: that directive would make the browser fetch the page's files over https
 * even when the portal is reached over plain http, leaving a blank page. The page loads only
 * same-origin files, so on TLS the directive adds nothing.
 */
export const docsCsp = (header: string) =>
  header
    .split(';')
    .map((directive) => directive.trim())
    .filter((directive) => directive !== '' && directive !== 'upgrade-insecure-requests')
    .join('; ');

/** OpenAPI generated from the zod route schemas, browsable at /api/docs without signing in. */
export async function registerDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Backlay portal API', version: '1.0.0' },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(async (docs) => {
    // The UI plugin takes no route config, so its routes are marked public as they are added.
    docs.addHook('onRoute', (route) => {
      route.config = { ...route.config, public: true };
    });
    await docs.register(swaggerUi, {
      routePrefix: '/api/docs',
      staticCSP: true,
      transformStaticCSP: docsCsp,
    });
  });
}
