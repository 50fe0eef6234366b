import {
  crashBetResponseSchema,
  crashCashOutBodySchema,
  crashCashOutResponseSchema,
  crashStateSchema,
  placeCrashBetBodySchema,
} from '@backlay/contracts';
import { parseAmountMinor } from '@backlay/ledger';
import { CRASH_MAX_AUTO_HUNDREDTHS, CRASH_MIN_AUTO_HUNDREDTHS } from '@backlay/tables';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, unwrap, type Result } from '../../platform/rejections.ts';
import { requireUser } from '../auth/index.ts';
import type { CashOutAnswer, CrashBetAnswer } from './crash-bet.ts';
import { crashState } from './crash-read.ts';
import { CRASH_UNIT_ID } from './deps.ts';
import { tableError } from './errors.ts';
import type { TablesModule } from './module.ts';
import { tableErrors, placedBetReply, placedBetResponses } from './route-replies.ts';
import { parseStake } from './stake.ts';

/** An auto cash-out target as typed (2.5 → 250 hundredths): exact, 1.01x to 1,000,000.00x. */
export function parseAutoCashOut(input: number | undefined): Result<number | null> {
  if (input === undefined) return ok(null);
  const parsed = parseAmountMinor(input, { maxMinor: BigInt(CRASH_MAX_AUTO_HUNDREDTHS) });
  if (!parsed.ok || parsed.amountMinor < BigInt(CRASH_MIN_AUTO_HUNDREDTHS)) {
    return tableError('INVALID_AUTO_CASH_OUT');
  }
  return ok(Number(parsed.amountMinor));
}

/** The crash game: its state, betting and cashing out (docs/decisions/0153). */
export function crashRoutes(module: TablesModule): FastifyPluginAsyncZod {
  const { context } = module;
  return async (app) => {
    app.get(
      '/api/crash',
      { schema: { tags: ['crash'], response: { 200: crashStateSchema, ...tableErrors } } },
      async (request) => crashState(context.db, requireUser(request).id, context.options.nowMs()),
    );

    app.post(
      '/api/crash/bets',
      {
        schema: {
          tags: ['crash'],
          body: placeCrashBetBodySchema,
          response: placedBetResponses(crashBetResponseSchema),
        },
      },
      async (request, reply) => {
        const user = requireUser(request);
        const stakeMinor = unwrap(parseStake(request.body.stake));
        const autoHundredths = unwrap(parseAutoCashOut(request.body.autoCashOut));
        const answer = unwrap(
          await module.sendCrash(CRASH_UNIT_ID, {
            type: 'bet',
            playerId: user.id,
            roundId: request.body.roundId,
            stakeMinor: stakeMinor.toString(),
            autoHundredths,
            clientRef: request.body.clientRef,
          }),
        ) as CrashBetAnswer;
        return placedBetReply(reply, answer);
      },
    );

    app.post(
      '/api/crash/cash-out',
      {
        schema: {
          tags: ['crash'],
          body: crashCashOutBodySchema,
          response: { 200: crashCashOutResponseSchema, ...tableErrors },
        },
      },
      async (request) => {
        const user = requireUser(request);
        const command = { type: 'cash-out' as const, playerId: user.id, betId: request.body.betId };
        return unwrap(await module.sendCrash(CRASH_UNIT_ID, command)) as CashOutAnswer;
      },
    );
  };
}
