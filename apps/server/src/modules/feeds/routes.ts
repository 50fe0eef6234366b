import {
  createFeedBodySchema,
  FEED_FILE_MAX_BYTES,
  feedFileUploadedSchema,
  feedIdSchema,
  feedResponseSchema,
  feedsResponseSchema,
  idSchemaFor,
  patchFeedBodySchema,
  resumeFeedBodySchema,
  sourceBookSchema,
  type FeedResponse,
  type ReplayFeedBody,
  type StreamFeedBody,
} from '@backlay/contracts';
import multipart from '@fastify/multipart';
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, HttpError } from '../../lib/http-errors.ts';
import { errorResponses } from '../../platform/error-responses.ts';
import { unwrap, type Result } from '../../platform/rejections.ts';
import { textProblem } from '../../platform/text-rules.ts';
import { transaction } from '../../platform/transaction.ts';
import { actorOf, recordAudit } from '../audit/index.ts';
import { TRADING } from '../auth/index.ts';
import { feedRefusal } from './errors.ts';
import { storeUpload } from './feed-files.ts';
import { feedFileListRoutes } from './file-list-routes.ts';
import { feedViews } from './feed-view.ts';
import type { FeedCommand } from './feed-unit.ts';
import { insertFeed, listFeeds, readFeed } from './feeds-repo.ts';
import { insertFeedFile, readFeedFiles } from './files-repo.ts';
import { feedUnitId } from './ids.ts';
import type { FeedsModule } from './module.ts';
import { confirmResult } from './confirm.ts';
import { readSourceBook } from './source-books-repo.ts';
import { formBroke, restOfFormProblem, tooLarge, uploadError } from './upload-errors.ts';

const errors = errorResponses(400, 401, 403, 404, 409);
const feedParams = z.object({ id: idSchemaFor('a feed id') });
const marketParams = z.object({ id: idSchemaFor('a feed id'), marketId: feedIdSchema });
/** An upload's request beyond this is refused before it is read (the file limit plus the form's own bytes). */
const MAX_UPLOAD_REQUEST_BYTES = FEED_FILE_MAX_BYTES + 64 * 1024;

/** The operator's feeds (docs/feeds.md): upload recordings, run replays, control them; owner and trader. */
export function feedsRoutes(feeds: FeedsModule): FastifyPluginAsyncZod {
  const { db } = feeds.deps;
  const view = async (feedId: string): Promise<FeedResponse> => {
    const row = await readFeed(db, feedId);
    if (!row) return unwrap(feedRefusal('FEED_NOT_FOUND'));
    const [feed] = await feedViews(db, [row]);
    return { feed: feed! };
  };
  const command = async (feedId: string, sent: FeedCommand): Promise<FeedResponse> => {
    const result = await feeds.send(feedUnitId(feedId), sent);
    if (!result.ok && result.code === 'UNIT_NOT_FOUND') unwrap(feedRefusal('FEED_NOT_FOUND'));
    unwrap(result as Result<null>);
    return view(feedId);
  };
  return async (app) => {
    await app.register(multipart, { limits: { fileSize: FEED_FILE_MAX_BYTES, files: 1, fields: 5 } });
    await app.register(feedFileListRoutes(db));

    app.post(
      '/api/admin/feed-files',
      {
        config: { roles: TRADING },
        schema: {
          tags: ['feeds'],
          description:
            'Uploads a recording (multipart, field `file`, at most 200 MB); its kind is read from its content.',
          response: { 201: feedFileUploadedSchema, ...errorResponses(400, 401, 403, 413) },
        },
      },
      async (request, reply) => {
        if (Number(request.headers['content-length'] ?? 0) > MAX_UPLOAD_REQUEST_BYTES) throw tooLarge();
        if (!request.isMultipart())
          throw new HttpError(
            400,
            'Send the file as multipart/form-data, field `file`.',
            'FEED_FILE_MISSING',
          );
        const files = request.files();
        const part = (await files.next().catch((error: unknown) => uploadError(error, true))).value;
        if (!part || part.fieldname !== 'file')
          throw new HttpError(
            400,
            'Send the file as multipart/form-data, field `file`.',
            'FEED_FILE_MISSING',
          );
        const nameProblem = textProblem(part.filename, 'line');
        if (nameProblem) {
          part.file.resume();
          throw badRequest(`Invalid file name: ${nameProblem}`, 'INVALID_TEXT');
        }
        const stored = await storeUpload(feeds.deps.env.DATA_DIR, part.filename, part.file).catch(
          (error: unknown) => uploadError(error, formBroke(part.file, error)),
        );
        if (!stored.ok && stored.reason === 'too_large') throw tooLarge();
        // The form carries one file and ends: a second file, or a broken end, is refused with the first.
        const restProblem = await restOfFormProblem(files);
        if (restProblem !== null) {
          if (stored.ok) await rm(stored.file.path, { force: true });
          return unwrap(feedRefusal('FEED_FILE_MISSING', restProblem));
        }
        if (!stored.ok) return unwrap(feedRefusal('FEED_FILE_UNRECOGNISED'));
        await transaction(db, async (tx) => {
          await insertFeedFile(tx, stored.file);
          const { path: _path, ...after } = stored.file;
          await recordAudit(tx, actorOf(request), {
            action: 'feed file upload',
            target: `feed-file:${stored.file.id}`,
            after,
          });
        });
        const { id, name, bytes, kind } = stored.file;
        return reply.code(201).send({ file: { id, name, bytes, kind } });
      },
    );

    app.post(
      '/api/admin/feeds',
      {
        config: { roles: TRADING },
        schema: {
          tags: ['feeds'],
          body: createFeedBodySchema,
          response: { 201: feedResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const body = request.body;
        const feedId = randomUUID();
        const feed = body.kind === 'stream' ? streamOf(body) : await replayOf(body);
        await transaction(db, async (tx) => {
          await insertFeed(tx, { id: feedId, ...feed });
          // A stream's credentials stay out of the audit log.
          const { config: _config, ...after } = feed;
          const source =
            body.kind === 'stream' ? { host: body.host, port: body.port, filter: body.filter } : {};
          await recordAudit(tx, actorOf(request), {
            action: 'feed create',
            target: `feed:${feedId}`,
            after: { ...after, ...source },
          });
        });
        feeds.start(feedId);
        return reply.code(201).send(await view(feedId));
      },
    );

    app.get(
      '/api/admin/feeds',
      {
        config: { roles: TRADING },
        schema: { tags: ['feeds'], response: { 200: feedsResponseSchema, ...errors } },
      },
      async () => ({ feeds: await feedViews(db, await listFeeds(db)) }),
    );

    app.get(
      '/api/admin/feeds/:id',
      {
        config: { roles: TRADING },
        schema: { tags: ['feeds'], params: feedParams, response: { 200: feedResponseSchema, ...errors } },
      },
      async (request) => view(request.params.id),
    );

    for (const action of ['pause', 'stop'] as const) {
      app.post(
        `/api/admin/feeds/:id/${action}`,
        {
          config: { roles: TRADING },
          schema: { tags: ['feeds'], params: feedParams, response: { 200: feedResponseSchema, ...errors } },
        },
        async (request) => command(request.params.id, { type: action, actor: actorOf(request) }),
      );
    }

    app.post(
      '/api/admin/feeds/:id/resume',
      {
        config: { roles: TRADING },
        schema: {
          tags: ['feeds'],
          params: feedParams,
          body: resumeFeedBodySchema.nullish(),
          response: { 200: feedResponseSchema, ...errors },
        },
      },
      async (request) =>
        command(request.params.id, { type: 'resume', until: request.body?.until, actor: actorOf(request) }),
    );

    app.patch(
      '/api/admin/feeds/:id',
      {
        config: { roles: TRADING },
        schema: {
          tags: ['feeds'],
          params: feedParams,
          body: patchFeedBodySchema,
          response: { 200: feedResponseSchema, ...errors },
        },
      },
      async (request) =>
        command(request.params.id, { type: 'speed', speed: request.body.speed, actor: actorOf(request) }),
    );

    app.post(
      '/api/admin/feeds/:id/markets/:marketId/confirm',
      {
        config: { roles: TRADING },
        schema: {
          tags: ['feeds'],
          description:
            "Settles a mirrored market by the source's result that waits for a trader (settleFrom 'trader').",
          params: marketParams,
          response: { 200: feedResponseSchema, ...errors },
        },
      },
      async (request) => {
        unwrap(await confirmResult(feeds, request.params.id, request.params.marketId, actorOf(request)));
        return view(request.params.id);
      },
    );

    app.get(
      '/api/markets/:id/source',
      {
        schema: {
          tags: ['sports'],
          description:
            "The source's own book of a mirrored market: its ladders, traded volume and runner states.",
          params: z.object({ id: feedIdSchema }),
          response: { 200: sourceBookSchema, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => (await readSourceBook(db, request.params.id)) ?? unwrap(feedRefusal('NOT_MIRRORED')),
    );
  };

  function streamOf(body: StreamFeedBody) {
    const { kind: _kind, settleFrom, ...config } = body;
    return {
      kind: 'stream' as const,
      state: 'running' as const,
      speed: 1,
      maxGapMs: null,
      untilPt: null,
      settleFrom: settleFrom ?? 'source',
      fileIds: [],
      config,
      totalLines: 0,
    };
  }

  async function replayOf(body: ReplayFeedBody) {
    const fileIds = [...new Set(body.fileIds)];
    const files = await readFeedFiles(db, fileIds);
    if (files.length !== fileIds.length) unwrap(feedRefusal('FEED_FILE_NOT_FOUND'));
    const streams = files.filter((file) => file.kind === 'stream');
    if (streams.length === 0) unwrap(feedRefusal('FEED_NO_STREAM_FILE'));
    return {
      kind: 'replay' as const,
      state: 'running' as const,
      speed: body.speed,
      maxGapMs: body.maxGapMs ?? null,
      untilPt: body.until ?? null,
      settleFrom: body.settleFrom ?? 'source',
      fileIds,
      config: {},
      totalLines: files
        .filter((file) => file.kind !== 'catalogue')
        .reduce((sum, file) => sum + file.lines, 0),
    };
  }
}
