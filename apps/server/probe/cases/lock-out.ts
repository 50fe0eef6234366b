import { call } from '../http.ts';
import { Tally, type CaseResult, type ProbeCase, type ProbeContext } from '../types.ts';

const NAME = 'lock-out';
const WRONG_ATTEMPTS = 6;

/**
 * Someone elsewhere types wrong passwords for the operator: the owner, at their own address, must still
 * get in. Runs late because when the limit does not hold the operator stays locked out for its window.
 */
async function run(context: ProbeContext): Promise<CaseResult> {
  const { email, password } = context.operatorCredentials;
  const attacker = context.addresses.fresh();
  const tally = new Tally();
  for (let attempt = 0; attempt < WRONG_ATTEMPTS; attempt += 1) {
    tally.add(
      await call(context.target, {
        path: '/api/loginUser',
        body: { email, password: `wrong-${attempt}` },
        from: attacker ?? context.home,
      }),
    );
  }
  const owner = await call(context.target, {
    path: '/api/loginUser',
    body: { email, password },
    from: context.addresses.fresh() ?? context.home,
  });
  tally.add(owner);
  const retryAfter = owner.headers['retry-after'] ?? null;
  const varied = context.addresses.varied;
  const ownerPart = `owner from ${varied ? 'another' : 'the same'} address → ${owner.status}`;
  return {
    name: NAME,
    sent: tally.sent,
    fiveXx: tally.fiveXx,
    // From one host the attacker and the owner share an address, so a refusal is the per-address limit.
    held: varied ? owner.status === 200 : null,
    detail:
      `${WRONG_ATTEMPTS} wrong for ${email} (${tally.describe()}); ${ownerPart}` +
      (retryAfter ? ` (Retry-After ${String(retryAfter)} s)` : '') +
      (varied ? '' : '; cannot vary the source address from this host'),
    figures: { ownerStatus: owner.status, retryAfter, addressesVaried: varied, byStatus: tally.byStatus },
  };
}

export const lockOut: ProbeCase = { key: 'lockOut', name: NAME, run };
