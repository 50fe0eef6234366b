import { walletTables } from '../wallet/index.ts';

/**
 * The ledger's transfers of a period without an index on their time (docs/decisions/0247). Transfer ids
 * grow in the order transfers are written and `created_at` is their transaction's start, so ids and
 * times agree but for transactions running across a boundary. The first id of a time is found by a
 * binary search over the primary key (about 40 probes, one statement), a minute before the period's
 * start and a minute after its end, and the exact times are then filtered inside that id range: a
 * period costs its own transfers, never the whole history.
 */

/** Slack either side of the period for transactions that began before a boundary and wrote after it. */
export const WINDOW_SLACK_MS = 60_000;

const TRANSFERS = walletTables.transfers;

/**
 * A recursive CTE `name(lo, hi)` whose last row (`lo >= hi`) holds the first transfer id written at or
 * after the instant given as the SQL expression `at` (max id + 1 when there is none).
 */
export function firstTransferAt(name: string, at: string): string {
  return `${name}(lo, hi) AS (
    SELECT coalesce((SELECT min(id) FROM ${TRANSFERS}), 1), coalesce((SELECT max(id) FROM ${TRANSFERS}), 0) + 1
    UNION ALL
    SELECT CASE WHEN probe.at < ${at} THEN probe.id + 1 ELSE s.lo END,
           CASE WHEN probe.at < ${at} THEN s.hi ELSE (s.lo + s.hi) / 2 END
      FROM ${name} s
     CROSS JOIN LATERAL (
       SELECT max(f.id) AS id, max(f.created_at) AS at FROM (
         SELECT id, created_at FROM ${TRANSFERS} WHERE id >= (s.lo + s.hi) / 2 AND id < s.hi ORDER BY id LIMIT 1
       ) f
     ) probe
     WHERE s.lo < s.hi
  )`;
}

/**
 * The CTEs `first_id(lo, hi)` and `end_id(lo, hi)` for a period whose start and end instants are the
 * parameters `$start` and `$end` (timestamptz), and the condition on `t.id` they give.
 */
export function transferIdRange(start: string, end: string): { ctes: string; condition: string } {
  const slack = `interval '${WINDOW_SLACK_MS / 1000} seconds'`;
  return {
    ctes: `${firstTransferAt('first_id', `(${start} - ${slack})`)},
      ${firstTransferAt('end_id', `(${end} + ${slack})`)}`,
    condition: `t.id >= (SELECT min(lo) FROM first_id WHERE lo >= hi)
      AND t.id < (SELECT min(lo) FROM end_id WHERE lo >= hi)
      AND t.created_at >= ${start} AND t.created_at < ${end}`,
  };
}
