import { randomBytes } from 'node:crypto';

/**
 * What the scale bench makes before it loads a cluster, all over HTTP through the address it is given
 * (the balancer), as an operator and players would: the operator signs in, creates and funds players,
 * each player signs in and launches the crash game for a casino session, the operator creates the hot
 * markets.
 */

export type Operator = { baseUrl: string; token: string };
export type Player = { token: string; uniqueCode: string; casinoToken: string };
export type Market = { id: string; runners: { id: string }[] };

export const AVIATOR = 22001;
const FUNDING = '1000000.00';

async function call(
  baseUrl: string,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<unknown> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${text}`);
  return JSON.parse(text);
}

/**
 * Each player signs in from an address of its own, as players on their own machines would: one
 * address would meet the sign-in allowance per address (docs/decisions/0040) after twenty players.
 * The balancer adds the real peer after it and the instances trust only the loopback hop.
 */
export const playerAddress = (index: number) =>
  `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`;

export async function signInOperator(baseUrl: string, email: string, password: string): Promise<Operator> {
  const answer = (await call(baseUrl, '/api/loginUser', { email, password })) as { access_token: string };
  return { baseUrl, token: answer.access_token };
}

async function makePlayer(operator: Operator, index: number): Promise<Player> {
  const { baseUrl } = operator;
  const email = `scale-${index}-${randomBytes(3).toString('hex')}@bench.local`;
  const password = randomBytes(9).toString('base64url');
  await call(
    baseUrl,
    '/api/admin/players',
    { email, password, name: `Scale ${index}`, openingCredit: FUNDING },
    { authorization: `Bearer ${operator.token}` },
  );
  const signedIn = (await call(
    baseUrl,
    '/api/loginUser',
    { email, password },
    { 'x-forwarded-for': playerAddress(index) },
  )) as { access_token: string; user: { unique_code: string } };
  const launched = (await call(
    baseUrl,
    '/casino/get-game-url',
    { gameId: AVIATOR, unique_code: signedIn.user.unique_code, home_url: 'http://127.0.0.1/' },
    { authorization: `Bearer ${signedIn.access_token}` },
  )) as { payload: { game_launch_url: string } };
  const casinoToken = new URL(launched.payload.game_launch_url).searchParams.get('token');
  if (!casinoToken) throw new Error('the game launch answered no token');
  return { token: signedIn.access_token, uniqueCode: signedIn.user.unique_code, casinoToken };
}

/**
 * `count` funded players, `concurrency` at a time: each costs two password hashes (creation and sign-in),
 * which bound how fast this goes.
 */
export async function makePlayers(operator: Operator, count: number, concurrency: number): Promise<Player[]> {
  const players: Player[] = [];
  let next = 0;
  const worker = async () => {
    while (next < count) players.push(await makePlayer(operator, next++));
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  return players;
}

/** The hot markets, as bench:bets makes them: one MATCH_ODDS market per event. */
export async function makeMarkets(operator: Operator, count: number): Promise<Market[]> {
  const markets: Market[] = [];
  for (let i = 0; i < count; i += 1) {
    const created = (await call(
      operator.baseUrl,
      '/api/admin/events',
      {
        sport: 'politics',
        competition: 'Scale',
        name: `Scale ${i}`,
        startTime: new Date(Date.now() + 86_400_000).toISOString(),
        markets: [{ type: 'MATCH_ODDS', runners: ['Yes', 'No'] }],
      },
      { authorization: `Bearer ${operator.token}` },
    )) as { markets: Market[] };
    markets.push(created.markets[0]!);
  }
  return markets;
}
