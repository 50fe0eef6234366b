import {
  casinoLaunchResponseSchema,
  type CasinoLaunchRequest,
  type CasinoLaunchResponse,
} from '@backlay/contracts';
import { ok, reject, type Result } from '../../platform/rejections.ts';

/** The aggregator as the portal sees it: one server-to-server call that opens a game session. */
export interface CasinoAggregator {
  launch(request: CasinoLaunchRequest): Promise<Result<CasinoLaunchResponse>>;
}

export type HttpAggregatorOptions = {
  baseUrl: string;
  operatorKey: string;
  timeoutMs: number;
  /** Injected in tests; the global fetch otherwise. */
  fetch?: typeof fetch;
};

export const AGGREGATOR_TIMEOUT_MS = 5_000;

/** Answers larger than this are not a launch answer; reading stops there. */
const MAX_ANSWER_BYTES = 16 * 1024;

export const casinoUnavailable = (detail: string) =>
  reject(
    'unavailable',
    'CASINO_UNAVAILABLE',
    `The casino is not available right now (${detail}). Please try again.`,
  );

/** `POST {CASINO_URL}/operator/launch` with the operator key; every failure is CASINO_UNAVAILABLE. */
export function httpAggregator(options: HttpAggregatorOptions): CasinoAggregator {
  const doFetch = options.fetch ?? fetch;
  const url = new URL('/operator/launch', options.baseUrl).toString();
  return {
    async launch(request) {
      let response: Response;
      try {
        response = await doFetch(url, {
          method: 'POST',
          headers: { authorization: `Bearer ${options.operatorKey}`, 'content-type': 'application/json' },
          body: JSON.stringify(request),
          signal: AbortSignal.timeout(options.timeoutMs),
          redirect: 'error',
        });
      } catch (error) {
        const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
        return casinoUnavailable(timedOut ? 'no answer in time' : 'unreachable');
      }
      if (response.status !== 200) {
        await response.body?.cancel().catch(() => {});
        return casinoUnavailable(`answered ${response.status}`);
      }
      return readLaunchAnswer(response);
    },
  };
}

async function readLaunchAnswer(response: Response): Promise<Result<CasinoLaunchResponse>> {
  let text: string;
  try {
    text = await response.text();
  } catch {
    return casinoUnavailable('the answer broke off');
  }
  if (text.length > MAX_ANSWER_BYTES) return casinoUnavailable('unreadable answer');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return casinoUnavailable('unreadable answer');
  }
  const parsed = casinoLaunchResponseSchema.safeParse(body);
  // Only a web page may be opened in the player's browser: no javascript:, data: or file: links.
  if (!parsed.success || !/^https?:$/.test(new URL(parsed.data.url).protocol)) {
    return casinoUnavailable('unreadable answer');
  }
  return ok(parsed.data);
}
