/**
 * The players of `bench:bets` and `bench:scale`, run as a child process: the app's process then serves
 * the bets and nothing else, as it would with players on other machines. Each client places back to
 * back, drawing its player, market and side from its own seeded sequence so that bets cross between
 * players.
 */
import { randomUUID } from 'node:crypto';
import { KeepAliveClient } from './http-client.ts';
import { summarise, type LatencySummary } from './latency.ts';
import { pacer } from './pace.ts';

export type BetsLoadInput = {
  port: number;
  /** The app's (or its load balancer's) address; this machine when absent. */
  host?: string;
  tokens: readonly string[];
  markets: readonly { id: string; runnerId: string }[];
  clients: number;
  seconds: number;
  warmupSeconds: number;
  /** Bets per second offered by all clients together; back to back when absent. */
  ratePerSec?: number;
};

export type BetsLoadOutput = LatencySummary & {
  refused: number;
  /** Refusals by status and code, so that a refusal in the figures has a cause. */
  refusals: Record<string, number>;
  selfMatched: number;
  /** Matched stake over placed stake. */
  matchedShare: number;
  elapsedSeconds: number;
};

/** What the child sends: once when the measured part begins, once with the figures. */
export type BetsLoadMessage = { measuring: true } | { done: BetsLoadOutput };

const STAKE_MINOR = 10_000;

async function runLoad(input: BetsLoadInput, onMeasuring: () => void): Promise<BetsLoadOutput> {
  const client = new KeepAliveClient(input.port, input.clients, input.host);
  const latenciesMs: number[] = [];
  let refused = 0;
  const refusals: Record<string, number> = {};
  let selfMatched = 0;
  let matchedMinor = 0;
  let measuring = false;
  let stopAt = performance.now() + input.warmupSeconds * 1000;
  const paces = Array.from({ length: input.clients }, (_, i) => pacer(input.ratePerSec, input.clients, i));
  const loop = async (clientIndex: number) => {
    let state = clientIndex + 1;
    // xorshift32: a cheap, repeatable sequence per client.
    const next = () => {
      state ^= state << 13;
      state ^= state >>> 17;
      state ^= state << 5;
      return state >>> 0;
    };
    while (performance.now() < stopAt) {
      await paces[clientIndex]!();
      const token = input.tokens[next() % input.tokens.length]!;
      const market = input.markets[next() % input.markets.length]!;
      const side = next() % 2 === 0 ? 'BACK' : 'LAY';
      const started = performance.now();
      const response = await client.post(
        '/api/bets',
        {
          marketId: market.id,
          runnerId: market.runnerId,
          side,
          price: 2,
          stake: '100',
          clientRef: randomUUID(),
        },
        { authorization: `Bearer ${token}` },
      );
      if (!measuring) continue;
      if (response.status !== 201) {
        refused += 1;
        const cause = `${response.status} ${(JSON.parse(response.body) as { code?: string }).code ?? ''}`;
        refusals[cause] = (refusals[cause] ?? 0) + 1;
        continue;
      }
      latenciesMs.push(performance.now() - started);
      const answer = JSON.parse(response.body) as { bet: { matched: string }; notice?: unknown };
      if (answer.notice) selfMatched += 1;
      matchedMinor += Math.round(Number(answer.bet.matched) * 100);
    }
  };
  const run = () => Promise.all(Array.from({ length: input.clients }, (_, i) => loop(i)));
  await run();
  measuring = true;
  onMeasuring();
  const startedAt = performance.now();
  stopAt = startedAt + input.seconds * 1000;
  await run();
  const elapsedSeconds = (performance.now() - startedAt) / 1000;
  client.close();
  const summary = summarise(latenciesMs);
  const matchedShare = Math.round((matchedMinor / Math.max(1, summary.count * STAKE_MINOR)) * 100) / 100;
  return { ...summary, refused, refusals, selfMatched, matchedShare, elapsedSeconds };
}

const send = (message: BetsLoadMessage) => process.send?.(message);
process.once('message', (input: BetsLoadInput) => {
  void runLoad(input, () => send({ measuring: true })).then((done) => {
    send({ done });
    process.disconnect();
  });
});
