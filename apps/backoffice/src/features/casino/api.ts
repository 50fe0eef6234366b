import {
  adminCasinoCallbacksPageSchema,
  adminCasinoRoundsPageSchema,
  adminCasinoSessionsPageSchema,
  casinoProviderSchema,
} from '@backlay/contracts';
import { http, withQuery } from '../../lib/http.ts';

export const providerKey = ['casino', 'provider'] as const;

export const fetchProvider = (signal?: AbortSignal) =>
  http('/api/admin/casino/provider', { schema: casinoProviderSchema, signal });

export const switchProvider = (change: { enabled: boolean; reason?: string }) =>
  http('/api/admin/casino/provider', { method: 'POST', body: change, schema: casinoProviderSchema });

const page = (list: string, player: string | undefined, cursor: string | null, refused?: Answers) =>
  withQuery(`/api/admin/casino/${list}`, { player, cursor, limit: 50, refused: REFUSED[refused ?? 'all'] });

/** Which wallet callbacks to list, by the answer they got. */
export type Answers = 'all' | 'refused' | 'accepted';
const REFUSED = { all: undefined, refused: 'true', accepted: 'false' } as const;

export const fetchSessions = (player: string | undefined, cursor: string | null, signal?: AbortSignal) =>
  http(page('sessions', player, cursor), { schema: adminCasinoSessionsPageSchema, signal });

export const fetchRounds = (player: string | undefined, cursor: string | null, signal?: AbortSignal) =>
  http(page('rounds', player, cursor), { schema: adminCasinoRoundsPageSchema, signal });

export const fetchCallbacks =
  (answers: Answers) => (player: string | undefined, cursor: string | null, signal?: AbortSignal) =>
    http(page('callbacks', player, cursor, answers), { schema: adminCasinoCallbacksPageSchema, signal });
