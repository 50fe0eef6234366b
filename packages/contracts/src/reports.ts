import { z } from 'zod';
import { pageSizeSchema } from './admin.ts';
import { moneySchema } from './wallet.ts';

export const statementTypeSchema = z.enum(['all', 'deposit_withdraw', 'sports', 'casino']);
export type StatementType = z.infer<typeof statementTypeSchema>;

/** The days the reports accept (a client's `from`/`to` outside them is refused, naming the field). */
export const EARLIEST_REPORT_DATE = '2000-01-01';
export const LATEST_REPORT_DATE = '2099-12-31';

const dateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date like 2024-05-31');

/**
 * `GET /api/reports/statement` for the signed-in player. `from`/`to` are inclusive calendar dates in the
 * player's time zone, given as `tzOffsetMinutes` with the sign of JavaScript's `getTimezoneOffset()`
 * (UTC minus local: -330 in India, 0 by default). Default: the last 7 days; at most 366 days.
 */
export const statementQuerySchema = z.object({
  from: dateSchema.optional(),
  to: dateSchema.optional(),
  tzOffsetMinutes: z.coerce.number().int().min(-840).max(840).default(0),
  type: statementTypeSchema.default('all'),
  search: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: pageSizeSchema.default(10),
});
export type StatementQuery = z.input<typeof statementQuerySchema>;

export const statementRowSchema = z.object({
  id: z.string(),
  /** ISO timestamp of the movement. */
  date: z.string(),
  /** 1 for the newest row of the whole filtered result, counting across pages. */
  srNo: z.number().int(),
  credit: moneySchema,
  debit: moneySchema,
  /** The player's cash balance right after this movement. */
  pts: moneySchema,
  remark: z.string(),
});
export type StatementRow = z.infer<typeof statementRowSchema>;

export const statementResponseSchema = z.object({
  items: z.array(statementRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  from: dateSchema,
  to: dateSchema,
});
export type StatementResponse = z.infer<typeof statementResponseSchema>;
