import http from 'node:http';

export type Answer = { status: number; body: string } | { status: 'unanswered'; reason: string };

/**
 * Keep-alive HTTP/1.1 to one address, each request bounded by a timeout. A request that gets no
 * complete answer in time, or whose connection breaks, is `unanswered`: its outcome is unknown to the
 * client, which is exactly what a player would see.
 */
export class HttpClient {
  readonly #agent: http.Agent;

  constructor(
    readonly baseUrl: string,
    maxSockets = 32,
    private readonly timeoutMs = 10_000,
  ) {
    this.#agent = new http.Agent({ keepAlive: true, maxSockets });
  }

  get(path: string, headers: Record<string, string> = {}): Promise<Answer> {
    return this.request('GET', path, undefined, headers);
  }

  post(path: string, body: unknown, headers: Record<string, string> = {}): Promise<Answer> {
    return this.request('POST', path, typeof body === 'string' ? body : JSON.stringify(body), headers);
  }

  request(method: string, path: string, payload: string | undefined, headers: Record<string, string>) {
    return new Promise<Answer>((resolve) => {
      const url = new URL(path, this.baseUrl);
      const request = http.request(
        url,
        {
          method,
          agent: this.#agent,
          headers: {
            ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
            ...(payload === undefined ? {} : { 'content-length': String(Buffer.byteLength(payload)) }),
            ...headers,
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            if (done) return;
            done = true;
            clearTimeout(timer);
            resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') });
          });
          response.on('error', (error) => finish(error.message));
        },
      );
      let done = false;
      const finish = (reason: string) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        request.destroy();
        resolve({ status: 'unanswered', reason });
      };
      const timer = setTimeout(() => finish('timeout'), this.timeoutMs);
      request.on('error', (error) => finish(error.message));
      request.end(payload);
    });
  }

  close(): void {
    this.#agent.destroy();
  }
}

/** The JSON body of a 2xx answer, or an error naming what was answered instead. */
export function jsonOf<T>(answer: Answer, what: string): T {
  if (answer.status === 'unanswered') throw new Error(`${what}: unanswered (${answer.reason})`);
  if (answer.status < 200 || answer.status > 299) {
    throw new Error(`${what}: ${answer.status} ${answer.body.slice(0, 300)}`);
  }
  return JSON.parse(answer.body) as T;
}
