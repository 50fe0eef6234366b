import { idSchema } from '@backlay/contracts';
import type { Database } from '../../db/database.ts';
import { isAgentSession } from '../auth/index.ts';
import type { StreamRegistry } from '../../platform/stream/index.ts';
import { readPlayerBets } from './bets-read.ts';

/**
 * `bet` (id = the player's own user id): the open bets at once (`{bets}`), then every change of one of
 * them (`{bet}`), keyed by bet so a slow reader keeps the latest of each.
 */
export function registerBetStream(deps: { db: Database; streams: Pick<StreamRegistry, 'register'> }): void {
  deps.streams.register({
    kind: 'bet',
    idSchema,
    // An agent holds no bets: the kind is not there for it, as a player's other topics are not.
    hiddenFrom: isAgentSession,
    authorize: (session, id) => session.userId === id,
    // `{type: "bet", bet}` for a change, `{type: "bet", bets}` for the snapshot.
    wire: (data) => data as Record<string, unknown>,
    async snapshot(id) {
      const bets = await readPlayerBets(deps.db, id!, { status: 'open' });
      return { seq: Date.now(), data: { bets } };
    },
  });
}
