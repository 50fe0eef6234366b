import { call } from '../http.ts';
import { Tally, type CaseResult, type ProbeCase, type ProbeContext } from '../types.ts';

const NAME = 'demo allowance';
// Demo players an address may open per hour (rate-limit.ts).
const DEMO_ALLOWANCE_PER_HOUR = 30;

/** Demo sign-ins fired at once from one address: no more than the hourly allowance may open. */
async function run(context: ProbeContext): Promise<CaseResult> {
  const count = context.quick ? 40 : 60;
  const from = context.addresses.fresh() ?? context.home;
  const answers = await Promise.all(
    Array.from({ length: count }, () =>
      call(context.target, { method: 'POST', path: '/api/demoLogin', from }),
    ),
  );
  const tally = new Tally();
  for (const answer of answers) tally.add(answer);
  const opened = tally.count(200);
  const note = context.addresses.varied
    ? 'fresh source address'
    : 'one source address: earlier runs within the hour use up the allowance';
  return {
    name: NAME,
    sent: tally.sent,
    fiveXx: tally.fiveXx,
    held: opened <= DEMO_ALLOWANCE_PER_HOUR,
    detail: `${opened} of ${count} opened (allowance ${DEMO_ALLOWANCE_PER_HOUR}/hour); ${tally.describe()}; ${note}`,
    figures: { sent: count, opened, allowance: DEMO_ALLOWANCE_PER_HOUR, byStatus: tally.byStatus },
  };
}

export const demoAllowance: ProbeCase = { key: 'demoAllowance', name: NAME, run };
