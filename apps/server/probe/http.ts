import http from 'node:http';

/** Where the portal listens; `host` is what sockets connect to. */
export type Target = { origin: string; host: string; port: number };

export type Answer = {
  /** 0 when no HTTP answer arrived (connection refused, reset, timeout). */
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  ms: number;
  error?: string;
};

export type CallOptions = {
  method?: string;
  /** Sent byte for byte, so odd spellings (`//api/me`, `/%61pi/me`) reach the server unchanged. */
  path: string;
  /** JSON-encoded unless it is already a string (then sent raw as JSON text). */
  body?: unknown;
  token?: string;
  /** Local source address (a loopback alias), so per-address limits can be measured from one host. */
  from?: string;
  headers?: Record<string, string>;
  timeoutMs?: number;
};

const DEFAULT_TIMEOUT_MS = 15_000;

export function targetOf(url: string): Target {
  const parsed = new URL(url);
  const host = parsed.hostname === 'localhost' ? '127.0.0.1' : parsed.hostname.replace(/^\[|\]$/g, '');
  return { origin: parsed.origin, host, port: Number(parsed.port || 80) };
}

/** One request on its own connection (no pooling: concurrency and source addresses stay exact). */
export function call(target: Target, options: CallOptions): Promise<Answer> {
  const startedAt = performance.now();
  const payload =
    options.body === undefined
      ? undefined
      : typeof options.body === 'string'
        ? options.body
        : JSON.stringify(options.body);
  const headers: Record<string, string | number> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (payload !== undefined) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = Buffer.byteLength(payload);
  }
  return new Promise((resolve) => {
    const done = (answer: Omit<Answer, 'ms'>) => resolve({ ...answer, ms: performance.now() - startedAt });
    const request = http.request(
      {
        host: target.host,
        port: target.port,
        method: options.method ?? (payload === undefined ? 'GET' : 'POST'),
        path: options.path,
        headers,
        agent: false,
        ...(options.from ? { localAddress: options.from } : {}),
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          done({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString(),
          }),
        );
        response.on('error', (error) => done({ status: 0, headers: {}, body: '', error: error.message }));
      },
    );
    request.setTimeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS, () => request.destroy(new Error('timeout')));
    request.on('error', (error) => done({ status: 0, headers: {}, body: '', error: error.message }));
    request.end(payload);
  });
}

export function jsonOf<T>(answer: Answer): T | undefined {
  try {
    return JSON.parse(answer.body) as T;
  } catch {
    return undefined;
  }
}
