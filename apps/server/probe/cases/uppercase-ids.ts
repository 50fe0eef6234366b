import { call } from '../http.ts';
import { firstBalanceAnswer } from '../socket-watch.ts';
import { skipped, Tally, type CaseResult, type ProbeCase, type ProbeContext } from '../types.ts';

const NAME = 'uppercase ids';

/** Ids are UUIDs, which are case-insensitive: an upper-case spelling must get the same answer. */
async function run(context: ProbeContext): Promise<CaseResult> {
  const { operator, player, victim } = context;
  if (!operator || !player || !victim)
    return skipped(NAME, 'needs the operator, a player and a probe player');
  const tally = new Tally();
  const pairs: Record<string, string> = {};
  const mismatches: string[] = [];
  const routes = [
    { route: 'deposit', body: { amount: '0.01', remark: 'probe' } },
    { route: 'withdraw', body: { amount: '0.01', remark: 'probe' } },
    { route: 'status', body: { status: 'active' } },
  ];
  for (const { route, body } of routes) {
    const answers = [];
    for (const id of [victim.id.toLowerCase(), victim.id.toUpperCase()]) {
      const answer = await call(context.target, {
        path: `/api/admin/players/${id}/${route}`,
        body,
        token: operator.token,
        from: context.home,
      });
      tally.add(answer);
      answers.push(String(answer.status));
    }
    pairs[route] = answers.join('/');
    if (answers[0] !== answers[1]) mismatches.push(`${route} ${answers.join('≠')}`);
  }
  const sockets = [];
  for (const id of [player.id.toLowerCase(), player.id.toUpperCase()]) {
    sockets.push(await firstBalanceAnswer(context.target, id, player.token, context.home));
  }
  pairs.balanceSocket = sockets.join(' / ');
  if (sockets[0] !== sockets[1]) mismatches.push(`socket "${sockets[0]}" ≠ "${sockets[1]}"`);
  return {
    name: NAME,
    sent: tally.sent + sockets.length,
    fiveXx: tally.fiveXx,
    held: mismatches.length === 0,
    detail:
      mismatches.length > 0
        ? `differ: ${mismatches.join('; ')}`
        : `same (lower/upper): ${Object.entries(pairs)
            .map(([route, pair]) => `${route} ${pair}`)
            .join(', ')}`,
    figures: { lowerUpper: pairs, mismatches },
  };
}

export const uppercaseIds: ProbeCase = { key: 'uppercaseIds', name: NAME, run };
