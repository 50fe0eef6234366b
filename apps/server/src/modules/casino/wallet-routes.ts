import { CASINO_SIGNATURE_HEADER, casinoWalletAnswerSchema } from '@backlay/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CALLBACK_KINDS, parseCallback } from './wallet-request.ts';
import type { CasinoWallet } from './wallet-service.ts';

export type WalletRouteDeps = { wallet: CasinoWallet; secret: string; now: () => number };

/**
 * `POST /api/wallet/balance|bet|win|rollback`: the aggregator's signed callbacks. Always HTTP 200 with
 * `{status, balance, currency}`. The bodies stay raw strings here because the signature covers the exact
 * bytes; the handler verifies it and only then parses. Registered in its own plugin scope, so this raw
 * JSON parser applies to these routes alone.
 */
export function walletRoutes(deps: WalletRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
      done(null, body);
    });
    for (const kind of CALLBACK_KINDS) {
      app.post(
        `/api/wallet/${kind}`,
        {
          config: { auth: 'signed' },
          // Every answer is made by answerOf (typed); the schema below documents it. Checking it
          // again on the way out cost a schema walk per callback, the busiest route of the portal.
          serializerCompiler: () => (answer) => JSON.stringify(answer),
          schema: {
            tags: ['casino wallet'],
            summary: `Seamless wallet: ${kind} (signed with ${CASINO_SIGNATURE_HEADER})`,
            body: z.string(),
            response: { 200: casinoWalletAnswerSchema },
          },
        },
        async (request) => {
          const parsed = parseCallback(
            kind,
            request.body,
            request.headers[CASINO_SIGNATURE_HEADER],
            deps.secret,
            deps.now(),
          );
          if (!parsed.ok) {
            return deps.wallet.refusal(parsed.status, parsed.token, { kind, fields: parsed.fields });
          }
          return deps.wallet.answer(parsed.callback);
        },
      );
    }
  };
}
