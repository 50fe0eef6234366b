import type { LedgerRequest } from '@backlay/ledger';
import type { Sql } from '../../db/database.ts';
import { ok, type Result } from '../../platform/rejections.ts';
import type { TablesContext } from './context.ts';
import { tableError } from './errors.ts';
import { stakeRefusal } from './postings.ts';

/** The fields of a bet row that deciding a batch reads. */
type StakedBet = { id: string; playerId: string; clientRef: string; fingerprint: string };

/** One game's part in writing a batch of its bets. */
export type StakeSteps<Item, Bet extends StakedBet, Answer> = {
  betOf(item: Item): Bet;
  /** Inserts the rows in one statement; answers the ids it wrote (a clientRef taken already is skipped). */
  insert(sql: Sql, bets: readonly Bet[]): Promise<ReadonlySet<string>>;
  findByRef(sql: Sql, playerId: string, clientRef: string): Promise<Bet | null>;
  /** The earlier bet of a clientRef, answered for this body: the same bet, or a conflict. */
  replay(earlier: Bet, fingerprint: string): Result<Answer>;
  /** The stake's transfer cash → house. */
  stakeOf(item: Item): LedgerRequest;
  placed(item: Item): Answer;
  /** Takes the rows of bets the ledger refused out again. */
  discard(sql: Sql, ids: string[]): Promise<unknown>;
};

/**
 * The part of a batch every table game writes alike (docs/decisions/0150), inside the batch's
 * transaction once its round is known to take bets: the rows go in with one statement, a clientRef used
 * already answers the bet it placed, every new stake moves in one wallet call, and a bet the ledger
 * refuses (insufficient funds) is taken out again and answered with the refusal; the rest of the batch
 * stands. Answers one answer per item, in order.
 */
export async function stakeBatch<Item, Bet extends StakedBet, Answer>(
  context: TablesContext,
  sql: Sql,
  items: readonly Item[],
  steps: StakeSteps<Item, Bet, Answer>,
): Promise<Result<Answer>[]> {
  const inserted = await steps.insert(sql, items.map(steps.betOf));
  const answers = new Map<Item, Result<Answer>>();
  const fresh: Item[] = [];
  for (const item of items) {
    const bet = steps.betOf(item);
    if (inserted.has(bet.id)) {
      fresh.push(item);
      continue;
    }
    const earlier = await steps.findByRef(sql, bet.playerId, bet.clientRef);
    answers.set(item, earlier ? steps.replay(earlier, bet.fingerprint) : tableError('IDEMPOTENCY_CONFLICT'));
  }
  // One ledger call for the batch's stakes (0174); it locks the players' cash rows in one order.
  const outcomes = await context.wallet.executeMany(fresh.map((item) => steps.stakeOf(item)));
  const refused: string[] = [];
  fresh.forEach((item, index) => {
    const { result } = outcomes[index]!;
    if (result.ok) {
      answers.set(item, ok(steps.placed(item)));
      return;
    }
    refused.push(steps.betOf(item).id);
    answers.set(item, stakeRefusal(result));
  });
  if (refused.length > 0) await steps.discard(sql, refused);
  return items.map((item) => answers.get(item)!);
}

/**
 * A batch of bets is written whole or not at all and holds nothing in memory until it commits, so a
 * deadlock or serialization failure (a round's settlement locking the same players in another order)
 * reruns it instead of refusing every bet in it.
 */
export const RACES_RERUN = { retryRaces: true } as const;
