import type { Sql } from '../../../db/database.ts';

/** Betfair's de-duplication window for a customerRef. */
export const CUSTOMER_REF_WINDOW_SECONDS = 60;
const PRUNE_EVERY_MS = 10 * 60_000;

export type OrderRefs = { clientRef: string; orderRef: string | null; strategyRef: string | null };

/**
 * The trading API's own records beside the bets (docs/decisions/0257): the order and strategy references
 * of each bet, and the customerRefs of the last minute. Both are written in one statement before any bet
 * of the request is placed, so a bet never exists without the references it was placed with.
 */
export class OrderRefStore {
  #prunedAtMs = 0;

  constructor(
    private readonly sql: Sql,
    private readonly nowMs: () => number = Date.now,
  ) {}

  /**
   * Claims the request's customerRef for the next 60 seconds and records the bets' references. False,
   * and nothing recorded: the same customerRef was used by this player within the window.
   */
  async claim(playerId: string, customerRef: string | null, refs: readonly OrderRefs[]): Promise<boolean> {
    const kept = refs.filter((ref) => ref.orderRef !== null || ref.strategyRef !== null);
    if (customerRef === null && kept.length === 0) return true;
    this.#pruneNowAndThen();
    const [row] = await this.sql.query<{ claimed: boolean }>(
      `WITH claim AS (
         INSERT INTO betfair_customer_refs (player_id, customer_ref, used_at)
         SELECT $1, $2, now() WHERE $2::text IS NOT NULL
         ON CONFLICT (player_id, customer_ref) DO UPDATE SET used_at = EXCLUDED.used_at
           WHERE betfair_customer_refs.used_at < now() - make_interval(secs => $4)
         RETURNING 1
       ), refs AS (
         INSERT INTO betfair_order_refs (player_id, client_ref, customer_order_ref, customer_strategy_ref)
         SELECT $1, x.client_ref, x.order_ref, x.strategy_ref
           FROM jsonb_to_recordset($3::jsonb) AS x(client_ref text, order_ref text, strategy_ref text)
          WHERE $2::text IS NULL OR EXISTS (SELECT 1 FROM claim)
         RETURNING 1
       )
       SELECT ($2::text IS NULL OR EXISTS (SELECT 1 FROM claim)) AS claimed, (SELECT count(*) FROM refs) AS written`,
      [
        playerId,
        customerRef,
        JSON.stringify(
          kept.map((ref) => ({
            client_ref: ref.clientRef,
            order_ref: ref.orderRef,
            strategy_ref: ref.strategyRef,
          })),
        ),
        CUSTOMER_REF_WINDOW_SECONDS,
      ],
    );
    return row?.claimed === true;
  }

  /** customerRefs older than the window are only history: dropped every few minutes, off the request. */
  #pruneNowAndThen(): void {
    const now = this.nowMs();
    if (now - this.#prunedAtMs < PRUNE_EVERY_MS) return;
    this.#prunedAtMs = now;
    void this.sql
      .query(`DELETE FROM betfair_customer_refs WHERE used_at < now() - make_interval(secs => $1)`, [
        CUSTOMER_REF_WINDOW_SECONDS,
      ])
      .catch(() => undefined);
  }
}
