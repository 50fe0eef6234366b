import {
  feedFilesPageSchema,
  feedFileUploadedSchema,
  feedResponseSchema,
  feedsResponseSchema,
  type CreateFeedBody,
  type FeedFile,
} from '@backlay/contracts';
import { ApiError } from '@backlay/front-kit/api-error';
import { ApiResponseError, authHeaders, readErrorResponse } from '@backlay/front-kit/http';
import { http, withQuery } from '../../lib/http.ts';
import { clearStaffSession, getStaffSession } from '../../lib/staff-session.ts';

export const feedsKey = ['feeds'] as const;
export const feedFilesKey = ['feed-files'] as const;

/** `GET /api/admin/feed-files`: the stored files, newest first, a page at a time. */
export const fetchFeedFiles = (cursor: string | null, signal?: AbortSignal) =>
  http(withQuery('/api/admin/feed-files', { cursor, limit: 20 }), { schema: feedFilesPageSchema, signal });

/** `GET /api/admin/feeds`: every feed, running or done. */
export const fetchFeeds = (signal?: AbortSignal) =>
  http('/api/admin/feeds', { schema: feedsResponseSchema, signal });

/**
 * `POST /api/admin/feed-files`, multipart with the one field `file`. The kit's client sends JSON only,
 * so the upload makes its own call with the same token, refusal and 401 handling.
 */
export async function uploadFeedFile(file: File): Promise<FeedFile> {
  const path = '/api/admin/feed-files';
  const body = new FormData();
  body.append('file', file, file.name);
  const token = getStaffSession()?.token;
  const response = await fetch(path, {
    method: 'POST',
    headers: { Accept: 'application/json', ...authHeaders(token) },
    body,
  });
  if (!response.ok) {
    const refusal = readErrorResponse(await response.json().catch(() => null));
    if (response.status === 401) clearStaffSession();
    throw new ApiError(response.status, refusal?.message ?? null, response.statusText, refusal?.code ?? null);
  }
  const parsed = feedFileUploadedSchema.safeParse(await response.json());
  if (!parsed.success) throw new ApiResponseError(path);
  return parsed.data.file;
}

export const startFeed = (body: CreateFeedBody) =>
  http('/api/admin/feeds', { method: 'POST', body, schema: feedResponseSchema });

const feedPath = (id: string, action = '') =>
  `/api/admin/feeds/${encodeURIComponent(id)}${action ? `/${action}` : ''}`;

export const pauseFeed = ({ id }: { id: string }) =>
  http(feedPath(id, 'pause'), { method: 'POST', schema: feedResponseSchema });

/** Resume; with `until` (a publish time in ms) a replay pauses again when it gets there. */
export const resumeFeed = ({ id, until }: { id: string; until?: number | undefined }) =>
  http(feedPath(id, 'resume'), {
    method: 'POST',
    body: until === undefined ? {} : { until },
    schema: feedResponseSchema,
  });

export const stopFeed = ({ id }: { id: string }) =>
  http(feedPath(id, 'stop'), { method: 'POST', schema: feedResponseSchema });

export const setFeedSpeed = ({ id, speed }: { id: string; speed: number }) =>
  http(feedPath(id), { method: 'PATCH', body: { speed }, schema: feedResponseSchema });

/** Settles a mirrored market by the source's result that waits for a trader (`settleFrom: 'trader'`). */
export const confirmFeedResult = ({ id, marketId }: { id: string; marketId: string }) =>
  http(`${feedPath(id, 'markets')}/${encodeURIComponent(marketId)}/confirm`, {
    method: 'POST',
    schema: feedResponseSchema,
  });
