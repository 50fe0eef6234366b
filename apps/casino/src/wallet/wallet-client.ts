import {
  CASINO_SIGNATURE_HEADER,
  ROUTING_KEY_HEADER,
  casinoWalletAnswerSchema,
  routingKeyOf,
  type CasinoBalanceCallback,
  type CasinoWalletAnswer,
  type CasinoWinCallback,
} from '@backlay/contracts';
import { signBody } from '@backlay/contracts/casino-signature';

export type WalletPath = 'balance' | 'bet' | 'win' | 'rollback';

/** The portal's answer to every wallet call (HTTP 200): a status code, the balance after it, the currency. */
export type WalletAnswer = CasinoWalletAnswer;

/** Either an answer, or why none came: the caller decides whether to retry or roll back. */
export type WalletOutcome =
  | { readonly kind: 'answer'; readonly answer: WalletAnswer }
  | {
      readonly kind: 'failure';
      readonly reason: 'timeout' | 'network' | 'http' | 'malformed';
      readonly detail: string;
    };

/** A callback body: the signed fields of every call, and the money fields of those that move money. */
export type WalletBody = Readonly<
  CasinoBalanceCallback & Partial<Omit<CasinoWinCallback, keyof CasinoBalanceCallback>>
>;

/** The seamless wallet as the aggregator sees it; tests put a fake portal behind it. */
export interface WalletPort {
  send(path: WalletPath, body: WalletBody): Promise<WalletOutcome>;
}

/** Answers are small; anything larger is not the portal speaking. */
const MAX_ANSWER_CHARS = 4096;

export type HttpWalletOptions = {
  readonly portalUrl: string;
  readonly secret: string;
  readonly timeoutMs: number;
  readonly fetch?: typeof globalThis.fetch;
};

/**
 * `POST ${portalUrl}/api/wallet/<path>`, signed in `X-Signature`, given up after `timeoutMs`. The launch
 * token's routing key goes in `X-Routing-Key`, so a balancer that cannot read the body sends the callback
 * to the instance the player's bets go to.
 */
export function httpWallet(options: HttpWalletOptions): WalletPort {
  const fetchImpl = options.fetch ?? globalThis.fetch;
  return {
    async send(path, body) {
      const raw = JSON.stringify(body);
      const key = routingKeyOf(body.token);
      let response: Response;
      try {
        response = await fetchImpl(`${options.portalUrl}/api/wallet/${path}`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            [CASINO_SIGNATURE_HEADER]: signBody(options.secret, raw),
            ...(key ? { [ROUTING_KEY_HEADER]: key } : {}),
          },
          body: raw,
          signal: AbortSignal.timeout(options.timeoutMs),
        });
      } catch (error) {
        const timedOut = error instanceof Error && error.name === 'TimeoutError';
        return { kind: 'failure', reason: timedOut ? 'timeout' : 'network', detail: String(error) };
      }
      return readAnswer(response);
    },
  };
}

async function readAnswer(response: Response): Promise<WalletOutcome> {
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    return { kind: 'failure', reason: timedOut ? 'timeout' : 'network', detail: String(error) };
  }
  if (response.status !== 200) {
    return { kind: 'failure', reason: 'http', detail: `HTTP ${response.status}: ${text.slice(0, 200)}` };
  }
  if (text.length > MAX_ANSWER_CHARS)
    return { kind: 'failure', reason: 'malformed', detail: 'answer too large' };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { kind: 'failure', reason: 'malformed', detail: 'answer is not JSON' };
  }
  const parsed = casinoWalletAnswerSchema.safeParse(json);
  if (!parsed.success) return { kind: 'failure', reason: 'malformed', detail: parsed.error.message };
  return { kind: 'answer', answer: parsed.data };
}
