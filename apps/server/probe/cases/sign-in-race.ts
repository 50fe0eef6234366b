import { call } from '../http.ts';
import { skipped, Tally, type CaseResult, type ProbeCase, type ProbeContext } from '../types.ts';

const NAME = 'sign-in race';
// The portal's documented allowance of failed sign-ins per account (rate-limit.ts, 15-minute window).
const ACCOUNT_FAILURE_LIMIT = 5;

/**
 * Wrong passwords fired at once for one account from one address, with the right one in the middle.
 * If the limit is checked before and recorded after the password check, every request in flight is
 * evaluated and the right password lands despite the lock.
 */
async function run(context: ProbeContext): Promise<CaseResult> {
  const victim = context.victim;
  if (!victim) return skipped(NAME, 'needs a probe player (operator sign-in)');
  const wrongCount = context.quick ? 30 : 60;
  const from = context.addresses.fresh() ?? context.home;
  const attempt = (password: string) =>
    call(context.target, { path: '/api/loginUser', body: { email: victim.email, password }, from });
  const half = wrongCount / 2;
  const wrong = Array.from({ length: half }, (_, index) => attempt(`wrong-${index}`));
  const correct = attempt(victim.password);
  wrong.push(...Array.from({ length: half }, (_, index) => attempt(`wrong-${half + index}`)));
  const wrongAnswers = await Promise.all(wrong);
  const correctAnswer = await correct;
  const tally = new Tally();
  for (const answer of [...wrongAnswers, correctAnswer]) tally.add(answer);
  const evaluated = wrongAnswers.filter((answer) => answer.status === 401).length;
  const rateLimited = wrongAnswers.filter((answer) => answer.status === 429).length;
  const signedIn = correctAnswer.status === 200;
  return {
    name: NAME,
    sent: tally.sent,
    fiveXx: tally.fiveXx,
    held: !signedIn && evaluated <= ACCOUNT_FAILURE_LIMIT,
    detail:
      `${wrongCount} wrong: evaluated (401) ${evaluated}, 429 ${rateLimited} (limit ${ACCOUNT_FAILURE_LIMIT}); ` +
      `right password in the middle → ${correctAnswer.status}${signedIn ? ' (signed in)' : ''}`,
    figures: {
      wrongSent: wrongCount,
      evaluated,
      rateLimited,
      correctStatus: correctAnswer.status,
      accountFailureLimit: ACCOUNT_FAILURE_LIMIT,
      byStatus: tally.byStatus,
    },
  };
}

export const signInRace: ProbeCase = { key: 'signInRace', name: NAME, run };
