import type { Answer } from './http.ts';

export type Product = 'exchange' | 'crash' | 'table' | 'casino';
export type Outcome = '2xx' | '4xx' | '5xx' | 'unanswered';

/** One request of the load, as the client saw it. */
export type Sent = {
  product: Product;
  /** clientRef (bets) or transaction id (casino callbacks). */
  key: string;
  playerId: string;
  /** Exchange: on the busiest market. */
  busiest: boolean;
  /** Exchange: the market bet on (its position's hold is judged, exchange-holds.ts). */
  marketId?: string;
  /** Casino: the callback's kind and amount in minor units (a win of 0 moves nothing). */
  kind?: 'bet' | 'win';
  amountMinor?: number;
  sentAtMs: number;
  answeredAtMs: number;
  outcome: Outcome;
  /** The bet's id from a 2xx answer. */
  id?: string;
  /** A refusal's code, a 5xx status, or why it went unanswered. */
  detail?: string;
};

/** A plain HTTP answer as an outcome, with the refusal code of a 4xx or 5xx body. */
export function classify(answer: Answer): { outcome: Outcome; detail?: string } {
  if (answer.status === 'unanswered') return { outcome: 'unanswered', detail: answer.reason };
  if (answer.status >= 200 && answer.status < 300) return { outcome: '2xx' };
  // Without a code the body says who answered (the balancer's own 503 page, say).
  const code =
    codeOf(answer.body) ??
    answer.body
      .replace(/<[^>]*>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 60);
  const detail = `${answer.status}${code ? ` ${code}` : ''}`;
  return { outcome: answer.status >= 500 ? '5xx' : '4xx', detail };
}

/**
 * A casino callback's answer: always HTTP 200 with `{status}`. RS_OK is an acknowledgement, RS_ERROR_UNKNOWN
 * the wallet failing (a 5xx in all but name), any other RS_ERROR a refusal of the callback itself.
 */
export function classifyCallback(answer: Answer): { outcome: Outcome; detail?: string } {
  if (answer.status === 'unanswered' || answer.status !== 200) return classify(answer);
  const status = (JSON.parse(answer.body) as { status?: string }).status ?? '';
  if (status === 'RS_OK') return { outcome: '2xx' };
  return { outcome: status === 'RS_ERROR_UNKNOWN' ? '5xx' : '4xx', detail: status };
}

function codeOf(body: string): string | undefined {
  try {
    return (JSON.parse(body) as { code?: string }).code;
  } catch {
    return undefined;
  }
}

export type Counts = Record<Outcome, number>;

export function countOutcomes(sent: readonly Sent[]): Counts {
  const counts: Counts = { '2xx': 0, '4xx': 0, '5xx': 0, unanswered: 0 };
  for (const request of sent) counts[request.outcome]++;
  return counts;
}

/** The causes of what was not a 2xx, most frequent first: "503 UNIT_UNAVAILABLE ×12, …". */
export function causes(sent: readonly Sent[], limit = 6): string {
  const byCause = new Map<string, number>();
  for (const request of sent) {
    if (request.outcome === '2xx') continue;
    const product = request.busiest ? 'busiest market' : request.product;
    const cause = `${product}: ${request.detail ?? request.outcome}`;
    byCause.set(cause, (byCause.get(cause) ?? 0) + 1);
  }
  return [...byCause]
    .sort((a, b) => b[1] - a[1])
    .slice(0, limit)
    .map(([cause, count]) => `${cause} ×${count}`)
    .join(', ');
}

/**
 * When the clients had service again after `fromMs`: the answer time of the first 2xx sent after the
 * last failed request (5xx or unanswered) sent since `fromMs`; `fromMs` itself when nothing failed.
 * Null when nothing succeeded after the last failure.
 */
export function serviceBackAtMs(sent: readonly Sent[], fromMs: number): number | null {
  const since = sent.filter((request) => request.sentAtMs >= fromMs);
  let lastFailureMs = -Infinity;
  for (const request of since) {
    if (request.outcome === '5xx' || request.outcome === 'unanswered') {
      lastFailureMs = Math.max(lastFailureMs, request.sentAtMs);
    }
  }
  if (lastFailureMs === -Infinity) return fromMs;
  let first: number | null = null;
  for (const request of since) {
    if (request.outcome !== '2xx' || request.sentAtMs <= lastFailureMs) continue;
    first = first === null ? request.answeredAtMs : Math.min(first, request.answeredAtMs);
  }
  return first;
}
