import { commissionReportSchema, exposuresSchema, pnlReportSchema } from '@backlay/contracts';
import { http, withQuery } from '../../lib/http.ts';

export type ReportRange = { from: string; to: string };

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

/** The last `days` days up to today, as the report's dates (the browser's calendar). */
export function lastDays(days: number, today = new Date()): ReportRange {
  const day = (date: Date) =>
    `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
  const from = new Date(today);
  from.setDate(from.getDate() - (days - 1));
  return { from: day(from), to: day(today) };
}
