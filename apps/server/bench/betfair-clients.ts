/**
 * The programs of `bench:betfair`, run as a child process as bench:bets' players are (bets-clients.ts):
 * the same load, each client placing back to back with its own seeded draw of player, market and side,
 * but as one-instruction placeOrders over API-NG's JSON-RPC with the player's app key and session.
 */
import { KeepAliveClient } from '../../../tools/load-clients/http-client.ts';
import { summarise, type LatencySummary } from '../../../tools/load-clients/latency.ts';

export type BetfairLoadInput = {
  port: number;
  /** Each player's session token (X-Authentication) and one of their app keys (X-Application). */
  players: readonly { token: string; appKey: string }[];
  markets: readonly { bfMarketId: string; selectionId: number }[];
  clients: number;
  seconds: number;
  warmupSeconds: number;
};

export type BetfairLoadOutput = LatencySummary & {
  /** Orders Betfair-refused (a FAILURE report or an API-NG exception), by code. */
  refused: number;
  /** Answers that are the server's fault: HTTP other than 200, UNEXPECTED_ERROR, ERROR_IN_MATCHER. */
  failed: number;
  refusals: Record<string, number>;
  /** Matched size over placed size. */
  matchedShare: number;
  elapsedSeconds: number;
};

const PATH = '/betfair/exchange/betting/json-rpc/v1';
const METHOD = 'SportsAPING/v1.0/placeOrders';
const SIZE = 100;
const SERVER_FAULTS = new Set(['UNEXPECTED_ERROR', 'ERROR_IN_MATCHER']);

type Answer = {
  error?: { data?: { APINGException?: { errorCode?: string } } };
  result?: {
    status: string;
    errorCode?: string;
    instructionReports: { errorCode?: string; sizeMatched?: number }[];
  };
};

/** An answer as `ok` with the matched size, or the code it was refused or failed with. */
function readAnswer(
  status: number,
  body: string,
): { sizeMatched: number } | { code: string; fault: boolean } {
  if (status !== 200) return { code: `HTTP ${status}`, fault: true };
  const answer = JSON.parse(body) as Answer;
  const result = answer.result;
  if (result?.status === 'SUCCESS') return { sizeMatched: result.instructionReports[0]?.sizeMatched ?? 0 };
  const code =
    answer.error?.data?.APINGException?.errorCode ??
    result?.instructionReports[0]?.errorCode ??
    result?.errorCode ??
    'NO_RESULT';
  return { code, fault: SERVER_FAULTS.has(code) || code === 'NO_RESULT' };
}

async function runLoad(input: BetfairLoadInput, onMeasuring: () => void): Promise<BetfairLoadOutput> {
  const client = new KeepAliveClient(input.port, input.clients);
  const latenciesMs: number[] = [];
  const refusals: Record<string, number> = {};
  let refused = 0;
  let failed = 0;
  let matchedSize = 0;
  let measuring = false;
  let stopAt = performance.now() + input.warmupSeconds * 1000;
  const loop = async (clientIndex: number) => {
    let state = clientIndex + 1;
    // xorshift32, seeded as bets-clients.ts seeds it: the same draws, so the same crossing of bets.
    const next = () => {
      state ^= state << 13;
      state ^= state >>> 17;
      state ^= state << 5;
      return state >>> 0;
    };
    let id = 0;
    while (performance.now() < stopAt) {
      const player = input.players[next() % input.players.length]!;
      const market = input.markets[next() % input.markets.length]!;
      const side = next() % 2 === 0 ? 'BACK' : 'LAY';
      const started = performance.now();
      const instruction = {
        selectionId: market.selectionId,
        side,
        orderType: 'LIMIT',
        limitOrder: { size: SIZE, price: 2, persistenceType: 'LAPSE' },
      };
      const response = await client.post(
        PATH,
        {
          jsonrpc: '2.0',
          method: METHOD,
          params: { marketId: market.bfMarketId, instructions: [instruction] },
          id: (id += 1),
        },
        { 'x-application': player.appKey, 'x-authentication': player.token },
      );
      if (!measuring) continue;
      const read = readAnswer(response.status, response.body);
      if ('code' in read) {
        if (read.fault) failed += 1;
        else refused += 1;
        refusals[read.code] = (refusals[read.code] ?? 0) + 1;
        continue;
      }
      latenciesMs.push(performance.now() - started);
      matchedSize += read.sizeMatched;
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
  const matchedShare = Math.round((matchedSize / Math.max(1, summary.count * SIZE)) * 100) / 100;
  return { ...summary, refused, failed, refusals, matchedShare, elapsedSeconds };
}

const send = (message: { measuring: true } | { done: BetfairLoadOutput }) => process.send?.(message);
process.once('message', (input: BetfairLoadInput) => {
  void runLoad(input, () => send({ measuring: true })).then((done) => {
    send({ done });
    process.disconnect();
  });
});
