import { commissionReportSchema, exposuresSchema, pnlReportSchema } from '@backlay/contracts';
import { http, withQuery } from '../../lib/http.ts';

import type { Period } from '../../lib/period.ts';

export type ReportRange = Period;

export const fetchPnl = (range: ReportRange, by: string, signal?: AbortSignal) =>
  http(withQuery('/api/admin/reports/pnl', { ...range, by }), { schema: pnlReportSchema, signal });

export const fetchCommission = (range: ReportRange, cursor: string | null, signal?: AbortSignal) =>
  http(withQuery('/api/admin/reports/commission', { ...range, cursor, limit: 50 }), {
    schema: commissionReportSchema,
    signal,
  });

export const fetchExposures = (
  by: 'market' | 'player',
  order: 'liability' | 'matched',
  signal?: AbortSignal,
) => http(withQuery('/api/admin/exposures', { by, order, limit: 50 }), { schema: exposuresSchema, signal });

export { lastDays } from '../../lib/period.ts';
