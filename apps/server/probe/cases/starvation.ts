import { randomBytes } from 'node:crypto';
import { call } from '../http.ts';
import { skipped, Tally, type CaseResult, type ProbeCase, type ProbeContext } from '../types.ts';

const NAME = 'starvation';
const GOAL_MS = 1_000;
// Below the portal's 20 failures per address, so every bogus attempt reaches the password check.
const BOGUS_PER_ADDRESS = 15;

/**
 * Bogus sign-ins for unknown emails (each still costs a password hash) while a real player signs in.
 * With loopback aliases the flood comes from several addresses, as from a small botnet.
 */
async function run(context: ProbeContext): Promise<CaseResult> {
  const player = context.player;
  if (!player) return skipped(NAME, 'needs a player that can sign in');
  const bogusCount = context.quick ? 60 : 200;
  const signInReal = async () =>
    call(context.target, {
      path: '/api/loginUser',
      body: { email: player.email, password: player.password },
      from: context.addresses.fresh() ?? context.home,
    });
  const baseline = await signInReal();
  let from = context.addresses.fresh();
  const bogus = Array.from({ length: bogusCount }, (_, index) => {
    if (index > 0 && index % BOGUS_PER_ADDRESS === 0) from = context.addresses.fresh() ?? from;
    const email = `nobody-${randomBytes(6).toString('hex')}@probe.invalid`;
    return call(context.target, {
      path: '/api/loginUser',
      body: { email, password: 'wrong-password' },
      from,
    });
  });
  await new Promise((resolve) => setTimeout(resolve, 20));
  const real = await signInReal();
  const tally = new Tally();
  for (const answer of [baseline, real, ...(await Promise.all(bogus))]) tally.add(answer);
  const realMs = Math.round(real.ms);
  const sharedAddress = !context.addresses.varied;
  const floodAddresses = sharedAddress ? 1 : Math.ceil(bogusCount / BOGUS_PER_ADDRESS);
  return {
    name: NAME,
    sent: tally.sent,
    fiveXx: tally.fiveXx,
    // From one host the flood and the player share an address: its limit refusing both says nothing here.
    held: sharedAddress && real.status === 429 ? null : real.status === 200 && realMs < GOAL_MS,
    detail:
      `real sign-in → ${real.status} in ${realMs} ms (goal < ${GOAL_MS}; alone ${Math.round(baseline.ms)} ms) ` +
      `during ${bogusCount} bogus from ${floodAddresses} address(es); ${tally.describe()}` +
      (sharedAddress ? '; one source address: the flood and the player share its limit' : ''),
    figures: {
      realStatus: real.status,
      realMs,
      baselineMs: Math.round(baseline.ms),
      baselineStatus: baseline.status,
      bogusSent: bogusCount,
      byStatus: tally.byStatus,
    },
  };
}

export const starvation: ProbeCase = { key: 'starvation', name: NAME, run };
