import { call, jsonOf } from '../http.ts';
import { skipped, Tally, type CaseResult, type ProbeCase, type ProbeContext } from '../types.ts';
import { badTextPayloads, type Caller } from './bad-text-payloads.ts';

const NAME = 'bad text';

function tokenFor(context: ProbeContext, caller: Caller): string | undefined {
  if (caller === 'player') return context.player?.token;
  if (caller === 'operator') return context.operator?.token;
  return undefined;
}

/** NUL, lone surrogates, bidi overrides, 10 KB strings and wrong JSON types on every text input. */
async function run(context: ProbeContext): Promise<CaseResult> {
  if (!context.player || !context.operator || !context.victim) {
    return skipped(NAME, 'needs the operator, a player and a probe player');
  }
  const player = context.player;
  const saved = await call(context.target, {
    path: '/api/settings/stake-buttons',
    token: player.token,
    from: context.home,
  });
  // Sign-in payloads count as failures for their source address: keep them off the owner's address.
  const loginFrom = context.addresses.fresh() ?? context.home;
  const tally = new Tally();
  const statuses: Record<string, number> = {};
  const failures: string[] = [];
  for (const payload of badTextPayloads(context.victim.id)) {
    const answer = await call(context.target, {
      method: payload.method,
      path: payload.path,
      body: payload.body,
      token: tokenFor(context, payload.as),
      from: payload.as === 'anonymous' ? loginFrom : context.home,
    });
    tally.add(answer);
    statuses[payload.label] = answer.status;
    if (answer.status >= 500 || answer.status === 0) failures.push(`${payload.label}→${answer.status}`);
  }
  if (saved.status === 200 && jsonOf(saved)) {
    await call(context.target, {
      method: 'PUT',
      path: '/api/settings/stake-buttons',
      body: saved.body,
      token: player.token,
      from: context.home,
    });
  }
  const accepted = Object.entries(statuses).filter(([, status]) => status >= 200 && status < 300);
  return {
    name: NAME,
    sent: tally.sent,
    fiveXx: tally.fiveXx,
    held: failures.length === 0,
    detail:
      `${tally.describe()}; ` +
      (failures.length > 0 ? `failed: ${failures.join(', ')}` : 'no 5xx') +
      (accepted.length > 0 ? `; accepted: ${accepted.map(([label]) => label).join(', ')}` : ''),
    figures: { byStatus: tally.byStatus, statuses, noAnswer: tally.noAnswer },
  };
}

export const badText: ProbeCase = { key: 'badText', name: NAME, run };
